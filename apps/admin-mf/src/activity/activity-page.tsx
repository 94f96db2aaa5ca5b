import { Form, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { activityQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import { can } from '@stockbook/domain';
import { useOptionalShellSession } from '@stockbook/shell-context';
import { ActivityTable } from './activity-table';
import { NotAllowed, Page, QueryState, useCurrentUser } from '@stockbook/ui/antd';

/** The specification's defaults: page 1, 10 a page. */
const FIRST_PAGE = { page: 1, limit: 10 };

/**
 * Who did what, newest first, optionally at some locations only. The location filter starts
 * from the frame's working location and starts from it again whenever the header changes it.
 */
export function ActivityPage() {
  const { user } = useCurrentUser();
  const working = useOptionalShellSession()?.locationId ?? null;
  const mayView = user ? can(user, 'view:activity') : false;
  // The page, for the working location it was turned under (a new location starts at page 1).
  const [turned, setTurned] = useState({ ...FIRST_PAGE, under: working });
  const paging = turned.under === working ? { page: turned.page, limit: turned.limit } : { page: 1, limit: turned.limit };
  const setPaging = (change: (current: typeof FIRST_PAGE) => typeof FIRST_PAGE) => setTurned({ ...change(paging), under: working });
  // The locations picked here, for the working location they were picked under.
  const [picked, setPicked] = useState<{ under: string | null; ids: string[] } | null>(null);
  const locationIds = picked && picked.under === working ? picked.ids : working ? [working] : [];
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
        <NotAllowed>You can't see the activity log. Ask an administrator for access.</NotAllowed>
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
                setPicked({ under: working, ids });
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
