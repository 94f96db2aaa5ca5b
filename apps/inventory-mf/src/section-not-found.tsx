import { Result } from 'antd';

/** An unknown path under the inventory section (its own chunk: Result's illustrations are ~10 KiB). */
export function SectionNotFound() {
  return <Result status="404" title="Not found" subTitle="There is no such inventory page." />;
}
