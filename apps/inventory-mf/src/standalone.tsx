// The inventory team's own dev server: the section without the shell around it.
import { renderStandalone } from '@stockbook/ui';
import App from './app';

renderStandalone(<App />, '/remotes/inventory-mf');
