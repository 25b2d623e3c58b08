/**
 * The id of the `<script type="application/json">` block in which the API writes a page's
 * first answers into the HTML it serves, and from which the web app takes them.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';
