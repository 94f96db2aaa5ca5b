import { Component, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { invoiceIdFrom } from './public-invoice-fetch';
import { PublicInvoiceError, PublicInvoicePage } from './public-invoice-page';

/**
 * The public invoice page's own entry (public-invoice.html, served by the API for /i and /i/*):
 * react-dom and the page only. No router, TanStack Query, federation runtime, Sentry, antd or
 * toasts, so a customer's phone downloads a fraction of the shell. The theme is painted before
 * this runs by /theme-boot.js, and the colour tokens are the shell's (styles/global.css).
 */
class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PublicInvoiceError /> : this.props.children;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <PublicInvoicePage id={invoiceIdFrom(window.location.pathname)} />
    </ErrorBoundary>
  </StrictMode>,
);
