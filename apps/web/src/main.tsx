import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { env, monitoringEnv } from './config/env';
import { loadTrackers } from './lib/monitoring';
import { startTracking } from './lib/tracking';

// The configured monitoring services load beside the app; what it tracks meanwhile waits for them.
void startTracking(loadTrackers(monitoringEnv, env.appEnv));

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
