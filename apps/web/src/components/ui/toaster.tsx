import { Toaster } from 'sonner';

/** The spec's toasts: top-right, 5 s, Alt+T focuses them. Loaded lazily (lib/notify.ts). */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={5000}
      hotkey={['altKey', 'KeyT']}
      richColors
      closeButton
    />
  );
}
