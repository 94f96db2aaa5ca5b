import type { ReactNode } from 'react';
import './marketing.css';

function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mk-page" data-remote="marketing">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

export function PricingPage() {
  return (
    <SimplePage title="Pricing">
      <p className="mk-note">Stockbook is in a prototype and testing phase. We will launch soon, with pricing to match.</p>
    </SimplePage>
  );
}

export function FeaturesPage() {
  return (
    <SimplePage title="Features">
      <p className="mk-note">We have added amazing features, and more will follow.</p>
    </SimplePage>
  );
}

export function PrivacyPage() {
  return (
    <SimplePage title="Privacy policy">
      <p className="mk-note">Our privacy policy is not yet managed here. It will be updated soon.</p>
    </SimplePage>
  );
}

export function TermsPage() {
  return (
    <SimplePage title="Terms and conditions">
      <p className="mk-note">Our terms and conditions are not yet managed here. They will be updated soon.</p>
    </SimplePage>
  );
}
