/** The web app shell; the screens arrive with the web-app issue. */
export function App() {
  return (
    <main>
      <h1>Basha</h1>
      <p>Verified properties across Bangladesh.</p>
    </main>
  );
}
