/**
 * Resolves in a task of its own, so whatever awaits it lets the browser in first: input,
 * network answers and paints. (A message, not a timer: background tabs slow timers down.)
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
