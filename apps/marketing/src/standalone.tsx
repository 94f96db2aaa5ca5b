// The marketing team's own dev server: the pages without the shell around them.
import { Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@stockbook/ui';
import { FeaturesPage, HomePage, PricingPage, PrivacyPage, TermsPage } from './pages';

renderStandalone(
  <Routes>
    <Route index element={<HomePage />} />
    <Route path="features" element={<FeaturesPage />} />
    <Route path="pricing" element={<PricingPage />} />
    <Route path="terms-and-conditions" element={<TermsPage />} />
    <Route path="privacy-policy" element={<PrivacyPage />} />
  </Routes>,
  '/remotes/marketing',
);
