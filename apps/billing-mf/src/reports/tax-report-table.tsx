import { Button, Table, Typography, theme } from 'antd';
import type { TaxReport, TaxReportRow } from '@stockbook/contracts';
import { taxRateShown } from '@stockbook/domain';
import { ScrollRegion } from '@stockbook/ui/antd';
import type { LocationNamer } from './statement';

/**
 * Tax collected over the report's range (issue 21, rule 2): per location and rate (as sold), the
 * taxable net amount, the tax and the invoices; owed to the tax authority, so apart from profit.
 */
export function TaxReportTable({ report, money, name, onExport, onPrint }: { report: TaxReport; money: (amount: string) => string; name: LocationNamer; onExport: () => void; onPrint: () => void }) {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="tax-report-heading">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 12, marginTop: 24 }}>
        <Typography.Title id="tax-report-heading" level={2} style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
          Tax collected
        </Typography.Title>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button onClick={onExport}>Export tax CSV</Button>
          <Button onClick={onPrint}>Print tax report</Button>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        Tax on the sales of the range, by location and rate: owed to the tax authority, not income.
      </Typography.Paragraph>
      <ScrollRegion label="Tax collected by location and rate">
        <Table<TaxReportRow>
          data-testid="tax-report"
          size="small"
          pagination={false}
          rowKey={(row) => `${row.locationID} ${row.taxRateID ?? ''} ${row.name} ${row.rate}`}
          dataSource={report.rows}
          locale={{ emptyText: 'No tax was collected in this range.' }}
          columns={[
            { title: 'Location', key: 'location', render: (_, row) => name(row.locationID) },
            { title: 'Tax rate', key: 'rate', render: (_, row) => `${row.name} ${taxRateShown(row.rate)}` },
            { title: 'Taxable amount', key: 'taxable', align: 'right', render: (_, row) => money(row.taxable) },
            { title: 'Tax', key: 'tax', align: 'right', render: (_, row) => money(row.tax) },
            { title: 'Invoices', dataIndex: 'invoices', align: 'right' },
          ]}
          summary={() =>
            report.rows.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <strong>{money(report.totalTaxable)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <strong data-testid="tax-report-total">{money(report.totalTax)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </ScrollRegion>
    </section>
  );
}
