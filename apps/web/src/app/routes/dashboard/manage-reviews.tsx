// SCAFFOLD: this page is being built in this session; it must be replaced before anything lands.
export default function ScaffoldPage() {
  return null;
}
