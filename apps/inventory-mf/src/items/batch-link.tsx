import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { batchItemQueryOptions } from '@stockbook/api-client';
import { LoadingIndicator } from '@stockbook/ui';
import { errorMessage } from '@stockbook/ui/antd';

/**
 * `batches/:batchId`, where a batch's link lands (`/x/view-redirect?type=Batch`): asks the API
 * which item the batch belongs to and opens that item's drawer in its place, or says why not.
 */
export function BatchLink({ base }: { base: string }) {
  const { batchId = '' } = useParams();
  const query = useQuery(batchItemQueryOptions(batchId));
  if (query.data) return <Navigate to={`${base}/items/${encodeURIComponent(query.data._id)}`} replace />;
  if (query.isError) return <Alert type="error" showIcon title="Could not open this batch" description={errorMessage(query.error)} />;
  return <LoadingIndicator />;
}
