export { HomePage } from './home-page';
export { FeaturesPage, PricingPage, PrivacyPage, TermsPage } from './simple-pages';
export { DocPage, DocsIndexPage } from '../docs/doc-pages';
