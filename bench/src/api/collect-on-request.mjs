// Loaded into every server the harness starts (node --expose-gc --import this file): when
// the harness asks, the server runs a full garbage collection and answers. RSS read right
// after compares collected heaps, not whatever V8 had not collected yet.
// Plain JavaScript, like hello-server.mjs: the servers run under plain `node` as the API
// ships (its compiled bundle), with no TypeScript loader in the process.
process.on('message', (message) => {
  if (message !== 'collect-garbage') return;
  globalThis.gc?.();
  process.send?.('garbage-collected');
});
// The channel must not keep a server alive that has been asked to stop.
process.channel?.unref();
