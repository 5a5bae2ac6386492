export default async function globalTeardown() {
  const stack = globalThis.__consoleStack;
  if (!stack) return;
  await Promise.all([stack.emulator.stop(), stack.database.stop(), stack.dns.stop(), stack.oidc.stop()]);
}
