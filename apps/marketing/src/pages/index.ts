export { HomePage } from './home-page';
export { FeaturesPage, PricingPage, PrivacyPage, TermsPage } from './simple-pages';
