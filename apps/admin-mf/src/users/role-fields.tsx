import { Form, Select, Switch } from 'antd';
import { ROLE_PRESETS, type CreateUserRequest, type Location, type RolePreset } from '@stockbook/contracts';

/** A new user's role: a preset's actions at some locations, an administrator, or none yet. */
export type RoleChoice = RolePreset['key'] | 'administrator' | 'custom';

/** The role fields' values, in a form that adds or invites someone. */
export interface RoleValues {
  role: RoleChoice;
  allLocations: boolean;
  locations: string[];
}

const ROLE_OPTIONS: Array<{ value: RoleChoice; label: string; summary: string }> = [
  ...ROLE_PRESETS.map((preset) => ({ value: preset.key, label: preset.name, summary: preset.summary })),
  { value: 'administrator', label: 'Administrator', summary: 'Does everything, including managing users and the business.' },
  { value: 'custom', label: 'Custom', summary: 'No permissions yet: choose them later with Permissions in the users list.' },
];

/** A cashier to start with; at the only location, when there is one. */
export function initialRole(locations: readonly Location[]): RoleValues {
  return { role: 'cashier', allLocations: locations.length <= 1, locations: locations.length === 1 ? [locations[0]!._id] : [] };
}

/** The admin flag and permission entries for the role chosen in the form. */
export function roleGrant(values: Partial<RoleValues>): Pick<CreateUserRequest, 'userAdmin' | 'permissions'> {
  if (values.role === 'administrator') return { userAdmin: true, permissions: [] };
  const preset = ROLE_PRESETS.find((candidate) => candidate.key === values.role);
  if (!preset) return { userAdmin: false, permissions: [] };
  return { userAdmin: false, permissions: [{ action: [...preset.actions], locations: values.allLocations ? [] : (values.locations ?? []) }] };
}

/** What the new person does (a role preset), and where; inside a Form whose values extend RoleValues. */
export function RoleFields({ locations }: { locations: readonly Location[] }) {
  const form = Form.useFormInstance<RoleValues>();
  const role = Form.useWatch('role', form);
  const allLocations = Form.useWatch('allLocations', form);
  const placed = role !== undefined && role !== 'administrator' && role !== 'custom';
  return (
    <>
      <Form.Item
        label="Role"
        name="role"
        required
        extra={ROLE_OPTIONS.find((option) => option.value === role)?.summary}
        rules={[{ required: true, message: 'Choose what this person does.' }]}
      >
        <Select options={ROLE_OPTIONS.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      {placed && (
        <>
          <Form.Item label="At all locations" name="allLocations" valuePropName="checked">
            <Switch />
          </Form.Item>
          {!allLocations && (
            <Form.Item
              label="Locations"
              name="locations"
              required
              rules={[{ required: true, type: 'array', min: 1, message: 'Choose where they work, or switch on At all locations.' }]}
            >
              <Select mode="multiple" optionFilterProp="label" options={locations.map((location) => ({ value: location._id, label: location.name }))} />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}
