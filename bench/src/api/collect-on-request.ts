// Loaded into every server the harness starts (node --expose-gc --import this file): when
// the harness asks, the server runs a full garbage collection and answers. RSS read right
// after compares collected heaps, not whatever V8 had not collected yet.
process.on('message', (message) => {
  if (message !== 'collect-garbage') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.('garbage-collected');
});
// The channel must not keep a server alive that has been asked to stop.
process.channel?.unref();
