import { Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { locationsQueryOptions } from '@stockbook/api-client';
import type { CurrentUser } from '@stockbook/contracts';
import { describeEntry, roleName } from '../users/permission-labels';

/** What the signed-in person may do and where (issue 24, rule 3), as their administrator set it. */
export function YourRole({ user }: { user: CurrentUser }) {
  const locations = useQuery(locationsQueryOptions());
  const administrator = user.rootUser || user.userAdmin;
  return (
    <section aria-labelledby="your-role">
      <Typography.Title level={2} id="your-role">
        Your role
      </Typography.Title>
      <p>
        <Tag>{roleName(user)}</Tag>
        {administrator ? 'You can do everything, including managing users and the business.' : null}
      </p>
      {!administrator &&
        (user.permissions.length === 0 ? (
          <p>You have no permissions yet.</p>
        ) : (
          <ul data-testid="your-permissions">
            {user.permissions.map((entry, index) => (
              <li key={index}>{describeEntry(entry, locations.data)}</li>
            ))}
          </ul>
        ))}
      {!administrator && <Typography.Paragraph type="secondary">An administrator can change what you may do.</Typography.Paragraph>}
    </section>
  );
}
