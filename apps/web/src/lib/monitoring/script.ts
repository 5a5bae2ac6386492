/** Loads a third-party script (async, after the page's own), reporting a failure to the console. */
export function appendScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.addEventListener('error', () => console.warn(`Could not load ${src}`));
  document.head.append(script);
}
