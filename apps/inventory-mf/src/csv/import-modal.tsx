import { Alert, Button, Checkbox, Grid, Modal, Progress, Radio, Segmented, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useId, useRef, useState } from 'react';
import { accountKeys, inventoryApi, inventoryKeys } from '@stockbook/api-client';
import { CSV_PATH_SEPARATOR, escapeCellName, ITEM_CSV_COLUMNS, type ItemImportExisting, type ItemImportOutcome, type ItemImportResult, type ItemImportRow } from '@stockbook/contracts';
import { errorMessage, ScrollRegion } from '@stockbook/ui/antd';
import { listWords } from '@stockbook/domain';
import { downloadCsv } from '@stockbook/ui/csv';
import { categoryPaths } from '../common/category-tree';
import type { Catalogue } from '../common/use-catalogue';
import { importChunks, readItemCsv, templateRows, type ReadCsv } from './item-csv';

type Stage =
  | { kind: 'choose' }
  | { kind: 'checking'; done: number; total: number }
  | { kind: 'preview'; stopped: string | null }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'finished'; stopped: string | null };

const parse = (file: File) =>
  new Promise<string[][]>((resolve, reject) =>
    Papa.parse<string[]>(file, { skipEmptyLines: false, complete: (result) => resolve(result.data), error: (error) => reject(error) }),
  );

/** How the preview names what a row will do, and its tag's colour (presets whose text passes AA contrast in both themes). */
const OUTCOME: Record<ItemImportOutcome, { label: string; color?: string }> = {
  'new item': { label: 'New item', color: 'blue' },
  'new variant': { label: 'New variant', color: 'blue' },
  'new batch': { label: 'New batch', color: 'blue' },
  'already present': { label: 'Already present' },
  refused: { label: 'Refused', color: 'red' },
};
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The preview's counts: "2 new items, 12 new batches, 3 already present, 1 refused". */
function outcomeCounts(results: readonly ItemImportResult[]): string {
  const count = (outcome: ItemImportOutcome) => results.filter((result) => result.outcome === outcome).length;
  const parts = [
    count('new item') && plural(count('new item'), 'new item'),
    count('new variant') && plural(count('new variant'), 'new variant'),
    count('new batch') && plural(count('new batch'), 'new batch', 'new batches'),
    count('already present') && `${count('already present')} already present`,
    count('refused') && `${count('refused')} refused`,
  ].filter(Boolean);
  return parts.join(', ');
}

/** A refused line's problems: each one, as a list when there are several. */
function problemList(result: ItemImportResult) {
  if (result.problems.length === 0) return null;
  if (result.problems.length === 1) return <div>{result.problems[0]}</div>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {result.problems.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** How the import answers each choice of the preview: rows already present, and names the business has not got. */
interface Choices {
  existing: ItemImportExisting;
  createMissing: boolean;
}

const KIND_WORDS = { category: ['category', 'categories'], attribute: ['attribute', 'attributes'], value: ['value', 'values'] } as const;

/**
 * What the lines create beside items, each name once (a check runs in calls of its own, so a
 * name new to each shows in each): "2 categories (Toys, Toys > Puzzles), 1 attribute (Size) and 3 values (Size: S, Size: M, Size: L)".
 */
export function creationsText(results: readonly ItemImportResult[]): string | null {
  const parts = (['category', 'attribute', 'value'] as const)
    .map((kind) => {
      const names = [...new Set(results.flatMap((result) => result.creates.filter((creation) => creation.kind === kind).map((creation) => creation.name)))];
      return names.length ? `${plural(names.length, KIND_WORDS[kind][0], KIND_WORDS[kind][1])} (${names.join(', ')})` : '';
    })
    .filter(Boolean);
  return parts.length === 0 ? null : listWords(parts);
}

/** "18 imported, 3 already present (skipped), 2 refused." */
function reportCounts(results: readonly ItemImportResult[]): string {
  const of = (status: ItemImportResult['status']) => results.filter((result) => result.status === status).length;
  return [`${of('imported')} imported`, of('skipped') ? `${of('skipped')} already present (skipped)` : '', `${of('refused')} refused`].filter(Boolean).join(', ') + '.';
}

/**
 * Imports a CSV of items with their batches in two steps. First every row is checked by a dry
 * run of the very import (the server rolls it back), and the preview says what each line will
 * do; the person chooses whether rows already present are skipped (the default, so a file Export
 * CSV wrote changes nothing) or added again. Confirming imports the rows in the same calls,
 * while a bar shows how far it got, and every line ends in the report with what it did or why not.
 */
export function ImportModal({ catalogue, workingLocationId, onClose }: { catalogue: Catalogue; workingLocationId?: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const existingLabel = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [read, setRead] = useState<ReadCsv | null>(null);
  const [choices, setChoices] = useState<Choices>({ existing: 'skip', createMissing: true });
  const [results, setResults] = useState<ItemImportResult[]>([]);
  const [show, setShow] = useState<'all' | 'refused'>('all');
  // The newest preview run: an older one still answering must not overwrite it.
  const run = useRef(0);

  /** Sends the rows in their calls, a dry run or the import; results by line, and why it stopped if it did. */
  async function send(file: ReadCsv, dryRun: boolean, chosen: Choices, progress: (done: number) => void) {
    let collected = [...file.refused];
    let stopped: string | null = null;
    let done = file.refused.length;
    for (const chunk of importChunks(file.rows)) {
      try {
        const answer = await inventoryApi.importItems({ rows: chunk, dryRun, ...chosen });
        collected = [...collected, ...answer.results];
      } catch (error) {
        const lines = chunk.map((row) => row.line);
        stopped = dryRun
          ? `The check stopped: ${errorMessage(error)} Nothing has been imported; try again.`
          : `The import stopped: ${errorMessage(error)} Lines not marked imported or skipped were not imported; fix the cause and import them again.`;
        const answered = new Set(collected.map((result) => result.line));
        collected = [
          ...collected,
          ...file.rows
            .filter((row) => !answered.has(row.line))
            .map((row) => ({
              line: row.line,
              status: 'refused' as const,
              outcome: 'refused' as const,
              message: dryRun ? 'Not checked: the check stopped before this line.' : 'Not imported: the import stopped before this line.',
              problems: [lines.includes(row.line) ? `Its call failed: ${errorMessage(error)}` : 'The import stopped before this line.'],
              itemID: null,
              creates: [],
            })),
        ];
        break;
      }
      done += chunk.length;
      progress(done);
    }
    return { results: collected.sort((a, b) => a.line - b.line), stopped };
  }

  async function preview(file: ReadCsv, chosen: Choices) {
    const mine = ++run.current;
    const total = file.rows.length + file.refused.length;
    setStage({ kind: 'checking', done: file.refused.length, total });
    const answer = await send(file, true, chosen, (done) => {
      if (run.current === mine) setStage({ kind: 'checking', done, total });
    });
    if (run.current !== mine) return;
    setResults(answer.results);
    setStage({ kind: 'preview', stopped: answer.stopped });
  }

  async function choose(chosen: File) {
    setProblem(null);
    setResults([]);
    setShow('all');
    let file: ReadCsv;
    try {
      file = readItemCsv(await parse(chosen));
    } catch (error) {
      setRead(null);
      setStage({ kind: 'choose' });
      setProblem(`The file could not be read: ${errorMessage(error)}`);
      return;
    }
    setRead(file);
    if (file.problem) {
      setProblem(file.problem);
      return;
    }
    await preview(file, choices);
  }

  async function confirm(file: ReadCsv) {
    const total = file.rows.length + file.refused.length;
    setShow('all');
    setStage({ kind: 'importing', done: file.refused.length, total });
    const answer = await send(file, false, choices, (done) => setStage({ kind: 'importing', done, total }));
    setResults(answer.results);
    setStage({ kind: 'finished', stopped: answer.stopped });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryKeys.items.all() }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.categories.all() }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.attributes.all() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  }

  const rowsByLine = new Map<number, ItemImportRow>((read?.rows ?? []).map((row) => [row.line, row]));
  const refused = results.filter((result) => result.status === 'refused');
  const busy = stage.kind === 'checking' || stage.kind === 'importing';
  const finished = stage.kind === 'finished';
  const wide = !!screens.sm;
  const columns: ColumnsType<ItemImportResult> = [
    { title: 'Line', dataIndex: 'line', width: 56 },
    {
      title: 'Item',
      key: 'item',
      render: (_, result) => {
        const row = rowsByLine.get(result.line);
        return (
          <>
            {row?.itemName}
            {!wide && row?.variant ? <Typography.Text type="secondary" style={{ display: 'block' }}>{row.variant}</Typography.Text> : null}
          </>
        );
      },
    },
    ...(wide ? [{ title: 'Variant', key: 'variant', render: (_: unknown, result: ItemImportResult) => rowsByLine.get(result.line)?.variant }] : []),
    {
      title: finished ? 'What it did' : 'What it will do',
      key: 'outcome',
      render: (_, result) => (
        <>
          <Tag color={OUTCOME[result.outcome].color}>
            {finished && result.status === 'skipped' ? 'Already present, skipped' : OUTCOME[result.outcome].label}
          </Tag>
          {result.status !== 'refused' && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {result.message}
            </Typography.Text>
          )}
          {/* On a phone the problems sit under the tag, in the width a Problems column would not have. */}
          {!wide && problemList(result)}
        </>
      ),
    },
    ...(wide ? [{ title: 'Problems', key: 'problems', render: (_: unknown, result: ItemImportResult) => problemList(result) }] : []),
  ];
  // A partly successful import is a warning, never a red failure: red only when it stopped or nothing could be imported.
  const stopped = stage.kind === 'finished' ? stage.stopped : null;
  const landed = results.filter((result) => result.status !== 'refused').length;
  const written = results.some((result) => result.status === 'imported');
  const tone = stopped || (refused.length && !landed) ? 'error' : refused.length ? 'warning' : written ? 'success' : 'info';
  const creations = creationsText(results);
  /** A changed choice: the preview runs again with it. */
  const rethink = (change: Partial<Choices>) => {
    const chosen = { ...choices, ...change };
    setChoices(chosen);
    if (read) void preview(read, chosen);
  };
  const nothingToImport = stage.kind === 'preview' && results.length > 0 && landed === 0;
  const downloadTemplate = () => {
    const working = catalogue.locations.find((location) => location._id === workingLocationId);
    downloadCsv(
      'inventory-template.csv',
      templateRows({
        locations: [...(working ? [working] : []), ...catalogue.locations.filter((location) => location !== working)].map((location) => escapeCellName(location.name)),
        categoryPaths: [...categoryPaths(catalogue.categories, CSV_PATH_SEPARATOR, escapeCellName).values()],
        attributes: catalogue.attributes,
      }),
    );
  };
  const startAgain = () => {
    setStage({ kind: 'choose' });
    setRead(null);
    setResults([]);
    setProblem(null);
    setShow('all');
  };
  const pick = (file: File) => {
    void choose(file);
    return false;
  };

  return (
    <Modal
      open
      title="Import items from CSV"
      width={860}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          {stage.kind === 'preview' && read && (
            <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={pick}>
              <Button>Choose another file</Button>
            </Upload>
          )}
          {finished && <Button onClick={startAgain}>Import another file</Button>}
          <Button onClick={onClose} disabled={busy}>
            {finished ? 'Done' : 'Cancel'}
          </Button>
          {(stage.kind === 'preview' || stage.kind === 'checking') && read && (
            // Nothing to import (every line refused): no Confirm to press for nothing (issue 24).
            <Button type="primary" disabled={stage.kind !== 'preview' || !!stage.stopped || nothingToImport} onClick={() => void confirm(read)}>
              Confirm import
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {stage.kind === 'choose' && (
          <>
            <Typography.Paragraph>
              One line per batch, under a first line naming the columns: {ITEM_CSV_COLUMNS.join(', ')}. Rows with the same item name are one item;
              the Variant column (<Typography.Text code>Size: Large; Colour: Red</Typography.Text>) makes a variant item. Categories, locations and
              suppliers are found by name; categories, attributes and values not here yet are created with the items unless you choose otherwise.
            </Typography.Paragraph>
            <Typography.Paragraph>
              Nothing is imported until you confirm: first you see what each line will do. A line whose batch is already here (same item,
              location, supplier, quantity left, cost and day added) is <strong>already present</strong> and skipped unless you choose to add it
              again, so importing a file that Export CSV wrote changes nothing by default.
            </Typography.Paragraph>
            <Space wrap>
              <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={pick}>
                <Button type="primary">Choose a CSV file</Button>
              </Upload>
              <Button onClick={downloadTemplate}>
                Download a template
              </Button>
            </Space>
          </>
        )}
        {problem && <Alert type="error" showIcon title="This file cannot be imported" description={problem} />}
        {read?.warnings.map((warning) => (
          <Alert key={warning} type="warning" showIcon title={warning} />
        ))}
        {(stage.kind === 'checking' || stage.kind === 'preview') && read && (
          <>
            <Space wrap align="center">
              <Typography.Text id={existingLabel} strong>
                Rows already present:
              </Typography.Text>
              <Radio.Group
                aria-labelledby={existingLabel}
                value={choices.existing}
                disabled={stage.kind === 'checking'}
                onChange={(event) => rethink({ existing: event.target.value as ItemImportExisting })}
                options={[
                  { value: 'skip', label: 'Skip (default)' },
                  { value: 'add', label: 'Add again' },
                ]}
              />
            </Space>
            <Checkbox checked={choices.createMissing} disabled={stage.kind === 'checking'} onChange={(event) => rethink({ createMissing: event.target.checked })}>
              Create the categories, attributes and values the file names that are not here yet
            </Checkbox>
            {stage.kind === 'checking' ? (
              <>
                <Progress percent={Math.floor((stage.done / Math.max(stage.total, 1)) * 100)} status="active" aria-label="Check progress" />
                <Typography.Text role="status">{`Checking: ${stage.done} of ${stage.total} lines...`}</Typography.Text>
              </>
            ) : (
              <Typography.Text role="status">
                {`Preview of ${plural(results.length, 'line')}: ${outcomeCounts(results)}.`}
                {creations ? ` It will also create ${creations}.` : ''}
                {' Nothing is imported until you confirm.'}
              </Typography.Text>
            )}
            {stage.kind === 'preview' && stage.stopped && <Alert type="error" showIcon title={stage.stopped} />}
          </>
        )}
        {(stage.kind === 'importing' || finished) && (
          <>
            <Progress
              percent={stage.kind === 'importing' ? Math.floor((stage.done / Math.max(stage.total, 1)) * 100) : 100}
              status={stage.kind === 'importing' ? 'active' : tone === 'error' ? 'exception' : tone === 'warning' ? 'normal' : 'success'}
              aria-label="Import progress"
            />
            {stage.kind === 'importing' ? (
              <Typography.Text role="status">{`Importing: ${stage.done} of ${stage.total} lines...`}</Typography.Text>
            ) : (
              <Alert
                role="status"
                type={tone}
                showIcon
                title={reportCounts(results)}
                description={[creations ? `Created ${creations}.` : '', stopped ?? ''].filter(Boolean).join(' ') || undefined}
              />
            )}
          </>
        )}
        {(stage.kind === 'preview' || finished) && results.length > 0 && (
          <>
            <Segmented
              value={show}
              onChange={setShow}
              options={[
                { value: 'all', label: `All lines (${results.length})` },
                { value: 'refused', label: `Refused (${refused.length})` },
              ]}
            />
            {/* On a phone a wide line scrolls sideways inside this region, which the keyboard can reach too. */}
            <ScrollRegion label={finished ? 'Import report lines' : 'Import preview lines'}>
              <Table<ItemImportResult>
                size="small"
                rowKey="line"
                aria-label={finished ? 'Import report' : 'Import preview'}
                dataSource={show === 'refused' ? refused : results}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                columns={columns}
              />
            </ScrollRegion>
          </>
        )}
      </Space>
    </Modal>
  );
}
