/** Text in an HTML attribute or element: no character of it can end either or start markup. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * JSON to write inside a `<script>` element: every `<`, `>` and `&` as a JSON escape, so no
 * text in it (a listing titled `</script>…`) can end the element or start markup; U+2028/9
 * too, for older JavaScript parsers. The JSON means the same.
 */
export function jsonInScript(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
