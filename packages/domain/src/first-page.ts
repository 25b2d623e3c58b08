/**
 * The id of the `<script type="application/json">` block in which the API writes a page's
 * first answers into the HTML it serves, and from which the web app takes them.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/**
 * The event the web app dispatches on `document` once it has taken a pre-rendered page over
 * (ADR 35): the page's loader then uses again what was clicked before, now with the app.
 */
export const APP_STARTED_EVENT = 'basha:app-started';
