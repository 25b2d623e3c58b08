import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { Button } from './button.tsx';

type DialogRequest = {
  title: string;
  text: string;
  /** Confirm label; when `kind` is 'inform' there is only a close button. */
  confirmLabel?: string;
  kind: 'confirm' | 'inform';
  tone?: 'danger' | 'primary';
};

type Dialogs = {
  /** Resolves true when the person confirms, false when they cancel or press Escape. */
  confirm(request: Omit<DialogRequest, 'kind'>): Promise<boolean>;
  /** A success or information message that waits for acknowledgement. */
  inform(request: Pick<DialogRequest, 'title' | 'text'>): Promise<void>;
};

const DialogContext = createContext<Dialogs | null>(null);

/**
 * The one dialog of the app, on the native <dialog> element: showModal() makes the page
 * behind inert (focus stays inside), Escape cancels, and focus returns where it was.
 */
export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [request, setRequest] = useState<DialogRequest | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const open = useCallback((next: DialogRequest) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (request && dialog && !dialog.open) dialog.showModal();
  }, [request]);

  const close = (confirmed: boolean) => {
    ref.current?.close();
    setRequest(null);
    resolver.current?.(confirmed);
    resolver.current = null;
  };

  const dialogs: Dialogs = {
    confirm: (r) => open({ ...r, kind: 'confirm' }),
    inform: async (r) => {
      await open({ ...r, kind: 'inform' });
    },
  };

  return (
    <DialogContext.Provider value={dialogs}>
      {children}
      <dialog
        ref={ref}
        aria-labelledby="app-dialog-title"
        aria-describedby="app-dialog-text"
        onCancel={(event) => {
          event.preventDefault();
          close(false);
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        {request ? (
          <div className="flex flex-col gap-4 text-center">
            <h2 id="app-dialog-title" className="text-xl font-bold text-slate-900">
              {request.title}
            </h2>
            <p id="app-dialog-text" className="text-slate-700">
              {request.text}
            </p>
            <div className="flex justify-center gap-3">
              {request.kind === 'confirm' ? (
                <>
                  <Button
                    variant={request.tone === 'danger' ? 'danger' : 'primary'}
                    onClick={() => close(true)}
                    autoFocus
                  >
                    {request.confirmLabel ?? t('common.confirm')}
                  </Button>
                  <Button variant="secondary" onClick={() => close(false)}>
                    {t('common.cancel')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => close(true)} autoFocus>
                  {t('common.close')}
                </Button>
              )}
            </div>
          </div>
        ) : null}
      </dialog>
    </DialogContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogContext);
  if (!dialogs) throw new Error('useDialogs must be used inside <ConfirmDialogProvider>');
  return dialogs;
}
