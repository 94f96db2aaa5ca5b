import { NotAllowed, Page, useCan } from '@stockbook/ui/antd';

/** The profit and loss report (issue 15 point 8; rule 6). */
export function ReportsPage() {
  const can = useCan();
  return (
    <Page remote="billing" title="Profit and loss">
      {!can('view:report') && <NotAllowed>Reading the reports needs the view:report permission.</NotAllowed>}
    </Page>
  );
}
