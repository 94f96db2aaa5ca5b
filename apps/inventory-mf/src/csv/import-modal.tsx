import { Alert, Button, Modal, Progress, Segmented, Space, Table, Tag, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useState } from 'react';
import { accountKeys, inventoryApi, inventoryKeys } from '@stockbook/api-client';
import { ITEM_CSV_COLUMNS, ITEM_IMPORT_CHUNK, type ItemImportResult } from '@stockbook/contracts';
import { errorMessage } from '@stockbook/ui/antd';
import { downloadCsv } from './download';
import { readItemCsv } from './item-csv';

type Stage = { kind: 'choose' } | { kind: 'running'; done: number; total: number } | { kind: 'finished'; stopped: string | null };

const parse = (file: File) =>
  new Promise<string[][]>((resolve, reject) =>
    Papa.parse<string[]>(file, { skipEmptyLines: false, complete: (result) => resolve(result.data), error: (error) => reject(error) }),
  );

/**
 * Imports a CSV of items with their batches: the rows go to the server in chunks while a bar
 * shows how far it got, and every row ends in the report as imported or refused with why.
 */
export function ImportModal({ onClose }: { onClose(): void }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [results, setResults] = useState<ItemImportResult[]>([]);
  const [show, setShow] = useState<'all' | 'refused'>('all');

  async function run(file: File) {
    setProblem(null);
    setResults([]);
    const read = readItemCsv(await parse(file));
    setWarnings(read.warnings);
    if (read.problem) {
      setProblem(read.problem);
      return;
    }
    const total = read.rows.length + read.refused.length;
    let collected = [...read.refused];
    setResults(collected);
    setStage({ kind: 'running', done: read.refused.length, total });
    let stopped: string | null = null;
    for (let start = 0; start < read.rows.length; start += ITEM_IMPORT_CHUNK) {
      const chunk = read.rows.slice(start, start + ITEM_IMPORT_CHUNK);
      try {
        const answer = await inventoryApi.importItems({ rows: chunk });
        collected = [...collected, ...answer.results];
      } catch (error) {
        // The chunk changed nothing: its rows and the rest are reported as not imported.
        stopped = `The import stopped: ${errorMessage(error)} Lines from ${chunk[0]!.line} on were not imported; fix the cause and import them again.`;
        collected = [
          ...collected,
          ...read.rows.slice(start).map((row) => ({ line: row.line, status: 'refused' as const, message: 'Not imported: the import stopped before this line.', itemID: null })),
        ];
        break;
      } finally {
        setResults([...collected].sort((a, b) => a.line - b.line));
        setStage({ kind: 'running', done: Math.min(total, read.refused.length + start + chunk.length), total });
      }
    }
    setStage({ kind: 'finished', stopped });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryKeys.items.all() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  }

  const refused = results.filter((result) => result.status === 'refused');
  const imported = results.length - refused.length;
  const running = stage.kind === 'running';
  return (
    <Modal
      open
      title="Import items from CSV"
      width={760}
      onCancel={running ? undefined : onClose}
      closable={!running}
      maskClosable={false}
      footer={
        <Button onClick={onClose} disabled={running}>
          {stage.kind === 'finished' ? 'Done' : 'Cancel'}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {stage.kind === 'choose' && (
          <>
            <Typography.Paragraph>
              One line per batch, under a first line naming the columns: {ITEM_CSV_COLUMNS.join(', ')}. Rows with the same item name are one item;
              the Variant column (<Typography.Text code>Size: Large; Colour: Red</Typography.Text>) makes a variant item. Categories, locations and
              suppliers are found by name. An exported file imports as it is.
            </Typography.Paragraph>
            <Space wrap>
              <Upload
                accept=".csv,text/csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  void run(file);
                  return false;
                }}
              >
                <Button type="primary">Choose a CSV file</Button>
              </Upload>
              <Button
                onClick={() =>
                  downloadCsv('inventory-template.csv', [
                    [...ITEM_CSV_COLUMNS],
                    ['Green tea', '', 'Drinks > Tea', '3.50', '5', 'Main', '', '20', '1.80', ''],
                    ['T-shirt', 'Size: Large; Colour: Red', 'Clothing', '12', '', 'Main', '', '10', '6', ''],
                  ])
                }
              >
                Download a template
              </Button>
            </Space>
          </>
        )}
        {problem && <Alert type="error" showIcon title="This file cannot be imported" description={problem} />}
        {warnings.map((warning) => (
          <Alert key={warning} type="warning" showIcon title={warning} />
        ))}
        {stage.kind !== 'choose' && (
          <>
            <Progress
              percent={stage.kind === 'running' ? Math.floor((stage.done / Math.max(stage.total, 1)) * 100) : 100}
              status={stage.kind === 'running' ? 'active' : refused.length ? 'exception' : 'success'}
              aria-label="Import progress"
            />
            <Typography.Text role="status">
              {stage.kind === 'running' ? `Importing: ${stage.done} of ${stage.total} lines...` : `${imported} imported, ${refused.length} refused.`}
            </Typography.Text>
            {stage.kind === 'finished' && stage.stopped && <Alert type="error" showIcon title={stage.stopped} />}
            <Segmented
              value={show}
              onChange={setShow}
              options={[
                { value: 'all', label: `All lines (${results.length})` },
                { value: 'refused', label: `Refused (${refused.length})` },
              ]}
            />
            <Table<ItemImportResult>
              size="small"
              rowKey="line"
              aria-label="Import report"
              dataSource={show === 'refused' ? refused : results}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              columns={[
                { title: 'Line', dataIndex: 'line', width: 70 },
                {
                  title: 'Result',
                  dataIndex: 'status',
                  width: 100,
                  render: (status: ItemImportResult['status']) => <Tag color={status === 'imported' ? 'success' : 'error'}>{status === 'imported' ? 'Imported' : 'Refused'}</Tag>,
                },
                { title: 'What happened', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
