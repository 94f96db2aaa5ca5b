import { Form, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { activityQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import { can } from '@stockbook/domain';
import { ActivityTable } from './activity-table';
import { NotAllowed, Page, QueryState, useCurrentUser } from '@stockbook/ui/antd';

/** The specification's defaults: page 1, 10 a page. */
const FIRST_PAGE = { page: 1, limit: 10 };

/** Who did what, newest first, optionally at some locations only. */
export function ActivityPage() {
  const { user } = useCurrentUser();
  const mayView = user ? can(user, 'view:activity') : false;
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const activity = useQuery({
    ...activityQueryOptions({ ...paging, locations: locationIds.length > 0 ? locationIds : undefined }),
    enabled: mayView,
    placeholderData: keepPreviousData,
  });
  const locations = useQuery({ ...locationsQueryOptions(), enabled: user ? can(user, 'view:location') : false });

  if (!user) return null;
  if (!mayView) {
    return (
      <Page remote="admin" title="Activity">
        <NotAllowed>Ask an administrator for the permission to view the activity log.</NotAllowed>
      </Page>
    );
  }

  return (
    <Page remote="admin" title="Activity">
      {locations.data && (
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label="Locations" htmlFor="activity-locations">
            <Select
              id="activity-locations"
              mode="multiple"
              allowClear
              placeholder="All locations"
              style={{ minWidth: 260 }}
              value={locationIds}
              optionFilterProp="label"
              options={locations.data.map((location) => ({ label: location.name, value: location._id }))}
              onChange={(ids: string[]) => {
                setLocationIds(ids);
                setPaging((current) => ({ ...current, page: 1 }));
              }}
            />
          </Form.Item>
        </Form>
      )}
      <QueryState query={activity} what="the activity log">
        {(page) => (
          <ActivityTable
            page={page}
            locations={locations.data}
            loading={activity.isFetching}
            onPage={(next, limit) => setPaging((current) => ({ page: limit === current.limit ? next : 1, limit }))}
          />
        )}
      </QueryState>
    </Page>
  );
}
