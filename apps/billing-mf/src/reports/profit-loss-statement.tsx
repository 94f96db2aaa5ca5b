import { theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import type { ProfitLossReport } from '@stockbook/contracts';
import { ScrollRegion } from '@stockbook/ui/antd';
import { lineName, STATEMENT, type LocationNamer, type StatementLine } from './statement';

/** How a line of the statement reads: categories indented under "Expenses", subtotals ruled, the result bold. */
function useLineStyles() {
  const { token } = theme.useToken();
  const rule = `1px solid ${token.colorBorderSecondary}`;
  const cell: CSSProperties = { padding: '6px 8px', textAlign: 'left', fontWeight: 'normal', verticalAlign: 'top' };
  return (line: StatementLine): CSSProperties => {
    if (line.kind === 'category') return { ...cell, paddingLeft: 24, paddingTop: 2, paddingBottom: 2 };
    if (line.kind === 'subtotal') return { ...cell, borderTop: rule, fontWeight: 600 };
    if (line.kind === 'result') return { ...cell, borderTop: `2px solid ${token.colorText}`, fontWeight: 700, fontSize: token.fontSizeLG };
    if (line.kind === 'note') return { ...cell, color: token.colorTextDescription, paddingTop: 12 };
    return cell;
  };
}

const amountStyle = (style: CSSProperties): CSSProperties => ({ ...style, textAlign: 'right', paddingLeft: style.paddingRight, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

/** The row "Expenses" heads its nine categories. */
const expensesHead = (index: number) => STATEMENT[index]?.kind === 'category' && STATEMENT[index - 1]?.kind !== 'category';

/** Rule 6's figures as a statement: Revenue down to Net profit, two columns, readable on a phone. */
export function ProfitLossStatement({ report, money }: { report: ProfitLossReport; money: (amount: string) => string }) {
  const lineStyle = useLineStyles();
  return (
    <table aria-label="Profit and loss statement" data-testid="profit-loss-statement" style={{ width: '100%', maxWidth: 560, borderCollapse: 'collapse' }}>
      <tbody>
        {STATEMENT.flatMap((line, index) => [
          ...(expensesHead(index)
            ? [
                <tr key="expenses">
                  <th scope="rowgroup" colSpan={2} style={{ ...lineStyle(STATEMENT[0]!), paddingTop: 12 }}>
                    Expenses
                  </th>
                </tr>,
              ]
            : []),
          <tr key={line.key} data-figure={line.key}>
            <th scope="row" style={lineStyle(line)}>
              {line.label}
            </th>
            <td style={amountStyle(lineStyle(line))}>{money(line.amount(report))}</td>
          </tr>,
        ])}
      </tbody>
    </table>
  );
}

/** The same figures per location (those with any), side by side; scrolls inside itself on a phone. */
export function ProfitLossByLocation({ report, money, name }: { report: ProfitLossReport; money: (amount: string) => string; name: LocationNamer }) {
  const lineStyle = useLineStyles();
  const { token } = theme.useToken();
  if (report.byLocation.length < 2) return null;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, marginTop: 24 }}>
        By location
      </Typography.Title>
      <ScrollRegion label="Profit and loss by location">
        <table aria-label="Profit and loss by location" style={{ borderCollapse: 'collapse', minWidth: '100%' }}>
          <thead>
            <tr>
              <th scope="col" style={lineStyle(STATEMENT[0]!)}>
                Figure
              </th>
              {report.byLocation.map((one) => (
                <th key={one.locationID} scope="col" style={amountStyle({ ...lineStyle(STATEMENT[0]!), fontWeight: 600 })}>
                  {name(one.locationID)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {STATEMENT.map((line) => (
              <tr key={line.key}>
                <th scope="row" style={lineStyle(line)}>
                  {lineName(line)}
                </th>
                {report.byLocation.map((one) => (
                  <td key={one.locationID} style={amountStyle(lineStyle(line))}>
                    {money(line.amount(one))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
