/**
 * An email address that may break before its "@": in a table, a long one kept its column
 * wide enough to push the last column, the actions, off the screen.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
