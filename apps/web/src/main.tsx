// Mantine's base styles and those of the components the public pages, the error screen and the
// pending indicator use, in the order of Mantine's full stylesheet; the signed-in pages' layout
// loads those of the components they use besides (routes/private/layout.tsx), the toasts'
// container theirs (app/notifications.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { env, monitoringEnv } from './config/env';
import { i18nReady } from './lib/i18n';
import { loadTrackers } from './lib/monitoring';
import { startTracking } from './lib/tracking';

// The configured monitoring services load beside the app; what it tracks meanwhile waits for them.
void startTracking(loadTrackers(monitoringEnv, env.appEnv));

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing');
// The first paint is in the chosen language (its catalogue may load on demand).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
