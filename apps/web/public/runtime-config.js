// Deployment settings, replaced as the web image starts (apps/web/nginx/write-runtime-config.sh).
// Empty here, so the build's VITE_* values and the defaults apply (src/config/read-env.ts).
window.__CONSOLE_CONFIG__ = {};
