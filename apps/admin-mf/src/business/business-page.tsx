import { Alert, Button, Divider, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi, accountKeys, businessQueryOptions } from '@stockbook/api-client';
import { TaxSection } from '../tax/tax-section';
import { BusinessForm } from './business-form';
import { Page, useCurrentUser, useNotify } from '@stockbook/ui/antd';

/** The business profile and its tax settings; administrators change them, everyone else reads them. */
export function BusinessPage() {
  const { isAdmin } = useCurrentUser();
  const business = useQuery(businessQueryOptions());
  const queryClient = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: accountApi.updateBusiness,
    onSuccess: ({ business: saved }) => {
      queryClient.setQueryData(accountKeys.business(), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.business() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
      ]);
    },
  });

  return (
    <Page remote="admin" title="Business profile">
      {business.isPending && (
        <div role="status" style={{ padding: 24 }}>
          <Spin /> <span style={{ marginLeft: 8 }}>Loading...</span>
        </div>
      )}
      {business.isError && <Alert type="error" showIcon title="Error" description="The business profile could not be loaded." />}
      {business.data && (
        <>
          {!isAdmin && (
            <Alert
              type="info"
              showIcon
              title="Only the owner and user admins can change the business profile and its tax settings."
              style={{ marginBottom: 16, maxWidth: 760 }}
            />
          )}
          <BusinessForm
            business={business.data}
            editable={isAdmin}
            onSave={save.mutateAsync}
            onSaved={() => notify({ kind: 'success', title: 'Business profile saved' })}
          />
          <Divider />
          <TaxSection business={business.data} editable={isAdmin} onSaveBusiness={save.mutateAsync} />
          {isAdmin && (
            <section aria-labelledby="your-data-heading" style={{ maxWidth: 760 }}>
              <Divider />
              <Typography.Title id="your-data-heading" level={2} style={{ fontSize: 18 }}>
                Your data
              </Typography.Title>
              <Typography.Paragraph>
                Every item, batch, sale, credit note, payment, customer, expense, transfer and transaction of {business.data.businessName}, in one file (JSON lines,
                gzip), to keep or to take elsewhere. Passwords are not in it.
              </Typography.Paragraph>
              <Button href="/api/v1/user/business/export" download>
                Download all your data
              </Button>
            </section>
          )}
        </>
      )}
    </Page>
  );
}
