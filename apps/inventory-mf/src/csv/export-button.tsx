import { Button } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, taxRatesQueryOptions } from '@stockbook/api-client';
import { CSV_PATH_SEPARATOR, escapeCellName, ItemListResponseSchema, type Item, type ItemListQuery } from '@stockbook/contracts';
import { errorMessage, shellAnnounces, useNotify } from '@stockbook/ui/antd';
import dayjs from 'dayjs';
import { categoryPaths } from '../common/category-tree';
import type { Catalogue } from '../common/use-catalogue';

/** The most items one export takes: past it, narrowing the filters is the way. */
export const EXPORT_LIMIT = 5000;
const PAGE = 200;

/**
 * Downloads what the table shows: every item matching the current search and filters (not
 * only the page on screen), with their batches, in the import's columns.
 */
export function ExportButton({ query, catalogue }: { query: ItemListQuery; catalogue: Catalogue }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  async function exportItems() {
    setProgress(0);
    try {
      const items: Item[] = [];
      let more = true;
      for (let page = 1; more && items.length < EXPORT_LIMIT; page += 1) {
        const answer = await apiRequest('user/inventory/list', ItemListResponseSchema, { query: { ...query, page, limit: PAGE } });
        items.push(...answer.items);
        more = answer.items.length === PAGE;
        setProgress(items.length);
      }
      if (more) {
        notify({
          kind: 'warning',
          title: `Exported the first ${EXPORT_LIMIT} items`,
          description: 'More items match: narrow the search or filters to export the rest.',
        });
      }
      const paths = categoryPaths(catalogue.categories, CSV_PATH_SEPARATOR, escapeCellName);
      const rates = new Map((await queryClient.fetchQuery(taxRatesQueryOptions())).map((rate) => [rate._id, rate.name]));
      const { downloadItemsCsv } = await import('./items-csv-file');
      downloadItemsCsv(`inventory-${dayjs().format('YYYY-MM-DD')}.csv`, items.slice(0, EXPORT_LIMIT), {
        categoryPath: (id, name) => paths.get(id) ?? escapeCellName(name),
        locationName: catalogue.locationName,
        supplierName: catalogue.supplierName,
        taxRateName: (id) => rates.get(id) ?? '',
      });
    } catch (error) {
      if (!shellAnnounces(error)) notify({ kind: 'error', title: 'Could not export the items', description: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Button onClick={exportItems} loading={progress !== null}>
      {progress === null ? 'Export CSV' : `Exporting ${progress} items...`}
    </Button>
  );
}
