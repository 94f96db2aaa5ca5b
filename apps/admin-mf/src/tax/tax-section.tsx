import { Typography } from 'antd';
import type { Business } from '@stockbook/contracts';
import { useNotify } from '@stockbook/ui/antd';
import { TaxRatesList } from './tax-rates-list';
import { TaxStyleForm } from './tax-style-form';

interface TaxSectionProps {
  business: Business;
  /** Administrators change the style and the rates; everyone else reads them. */
  editable: boolean;
  /** PATCH user/business: the business page's own save, so the profile's cache stays one. */
  onSaveBusiness(body: { pricesIncludeTax: boolean }): Promise<unknown>;
}

/**
 * Tax on the business profile (issue 21, rule 2): whether prices include their tax, and the
 * business's rates. It sits where the business's settings are, which is where other screens
 * (the item form, view-redirect links to a tax rate) send people to set rates.
 */
export function TaxSection({ business, editable, onSaveBusiness }: TaxSectionProps) {
  const notify = useNotify();
  return (
    <section aria-labelledby="business-tax-title" style={{ maxWidth: 760 }}>
      <Typography.Title level={2} id="business-tax-title">
        Tax
      </Typography.Title>
      <TaxStyleForm
        business={business}
        editable={editable}
        onSave={(pricesIncludeTax) => onSaveBusiness({ pricesIncludeTax })}
        onSaved={(pricesIncludeTax) =>
          notify({ kind: 'success', title: pricesIncludeTax ? 'Prices now include tax' : 'Tax is now added to prices' })
        }
      />
      <div style={{ marginTop: 32 }}>
        <TaxRatesList editable={editable} />
      </div>
    </section>
  );
}
