import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readRuntimeConfig } from './config/runtime-config';
import { startErrorReporting } from './observability/error-reporting';
import { loadRemotesManifest } from './federation/remote-manifest';
import { provideSharedAntd } from './federation/shared-antd';
import { provideSharedPackages } from './federation/shared-packages';
import './styles/global.css';

const config = readRuntimeConfig();
void startErrorReporting(config).catch((error: unknown) => console.error('Error reporting did not start:', error));
provideSharedAntd();
provideSharedPackages();
void loadRemotesManifest().catch((error: unknown) => console.error(error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App config={config} />
  </StrictMode>,
);
