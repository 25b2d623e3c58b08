import type { PaymentProvider } from '@basha/domain';

/**
 * Each method's mark, drawn here: no third-party logo files or fonts are loaded, so the
 * page stays same-origin and nothing is fetched before the buyer picks. Decorative: the
 * method's name is written beside it.
 */
const MARKS: Record<PaymentProvider, { background: string; foreground: string; text: string }> = {
  sandbox: { background: '#e2e8f0', foreground: '#0f172a', text: 'TEST' },
  stripe: { background: '#635bff', foreground: '#ffffff', text: 'stripe' },
  sslcommerz: { background: '#0b5394', foreground: '#ffffff', text: 'SSLCZ' },
  bkash: { background: '#e2136e', foreground: '#ffffff', text: 'bKash' },
};

export function PaymentMethodMark({ method }: { method: PaymentProvider }) {
  const mark = MARKS[method];
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="64"
      height="28"
      viewBox="0 0 64 28"
      className="shrink-0"
    >
      <rect width="64" height="28" rx="6" fill={mark.background} />
      <text
        x="32"
        y="18.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="13"
        fontWeight="700"
        fill={mark.foreground}
      >
        {mark.text}
      </text>
    </svg>
  );
}
