import { Button, Card, Empty, Form, Select, Switch, Typography } from 'antd';
import { PermissionEntrySchema, ROLE_PRESETS, type Location, type ManagedUser, type PermissionEntryDto, type SetPermissionsRequest } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { ACTION_OPTIONS } from './permission-labels';

interface EntryValues {
  action: string[];
  /** "All locations": the entry's location list is sent empty. */
  allLocations: boolean;
  locations?: string[];
}

interface PermissionsValues {
  permissions: EntryValues[];
}

/** An entry without locations would mean all of them: that takes the switch, on purpose. */
const NO_LOCATION = 'Choose at least one location, or switch on All locations.';

const NEW_ENTRY: EntryValues = { action: [], allLocations: false, locations: [] };

function toValues(entries: readonly PermissionEntryDto[]): PermissionsValues {
  return {
    permissions: entries.map((entry) => ({
      action: [...entry.action],
      allLocations: entry.locations.length === 0,
      locations: [...entry.locations],
    })),
  };
}

function toEntries(values: PermissionsValues): SetPermissionsRequest['permissions'] {
  return (values.permissions ?? []).map((entry) => ({
    action: entry.action as PermissionEntryDto['action'],
    locations: entry.allLocations ? [] : (entry.locations ?? []),
  }));
}

interface PermissionsEditorProps {
  user: ManagedUser;
  locations: readonly Location[];
  onCancel(): void;
  onSave(body: SetPermissionsRequest): Promise<unknown>;
  onSaved(): void;
}

/**
 * A user's permission entries: each grants some actions (grouped by kind) at some locations, or
 * at all of them. Entries can be added and removed; saving replaces the user's entries.
 */
export function PermissionsEditor({ user, locations, onCancel, onSave, onSaved }: PermissionsEditorProps) {
  const [form] = Form.useForm<PermissionsValues>();
  const locationOptions = locations.map((location) => ({ label: location.name, value: location._id }));
  /** A role's actions into the first entry (made if there is none), its locations kept, to adjust before saving. */
  const fillFromRole = (key: string) => {
    const preset = ROLE_PRESETS.find((candidate) => candidate.key === key);
    if (!preset) return;
    const entries: EntryValues[] = form.getFieldValue('permissions') ?? [];
    const [first = { ...NEW_ENTRY }, ...rest] = entries;
    form.setFieldValue('permissions', [{ ...first, action: [...preset.actions] }, ...rest]);
  };
  const { submit, saving, formError } = useFormSubmit(form, async (values: PermissionsValues) => {
    await onSave({ userId: user._id, permissions: toEntries(values) });
    onSaved();
  });

  return (
    <FormModal
      width={760}
      title={`Permissions of ${user.firstName} ${user.lastName}`}
      okText="Save permissions"
      form={form}
      saving={saving}
      formError={formError}
      onCancel={onCancel}
    >
      <Typography.Paragraph type="secondary">
        Each entry lets {user.firstName} do the chosen actions at the chosen locations. With no entries, they can only
        sign in and read their messages.
      </Typography.Paragraph>
      <Form<PermissionsValues> form={form} layout="vertical" name="permissions" initialValues={toValues(user.permissions)} onFinish={submit}>
        <Form.Item label="Fill from a role" htmlFor="permissions-role" extra="Puts the role's actions in the first entry; adjust them and the locations before saving.">
          <Select
            id="permissions-role"
            placeholder="Cashier, Shift manager, Stock keeper or Accountant"
            value={null}
            options={ROLE_PRESETS.map((preset) => ({ value: preset.key, label: preset.name, title: preset.summary }))}
            onChange={fillFromRole}
          />
        </Form.Item>
        <Form.List name="permissions">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No permissions yet." />}
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  role="group"
                  aria-label={`Entry ${index + 1}`}
                  title={`Entry ${index + 1}`}
                  style={{ marginBottom: 12 }}
                  extra={
                    <Button type="link" danger onClick={() => remove(field.name)} aria-label={`Remove entry ${index + 1}`}>
                      Remove
                    </Button>
                  }
                >
                  <Form.Item label="Actions" name={[field.name, 'action']} required rules={[schemaRule(PermissionEntrySchema.shape.action)]}>
                    <Select mode="multiple" options={ACTION_OPTIONS} optionFilterProp="label" allowClear />
                  </Form.Item>
                  <Form.Item label="All locations" name={[field.name, 'allLocations']} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                  <Form.Item
                    noStyle
                    shouldUpdate={(previous: PermissionsValues, next: PermissionsValues) =>
                      previous.permissions?.[field.name]?.allLocations !== next.permissions?.[field.name]?.allLocations
                    }
                  >
                    {() =>
                      form.getFieldValue(['permissions', field.name, 'allLocations']) ? null : (
                        <Form.Item
                          label="Locations"
                          name={[field.name, 'locations']}
                          required
                          rules={[
                            {
                              validator: async (_rule, value: unknown) => {
                                if (!Array.isArray(value) || value.length === 0) throw new Error(NO_LOCATION);
                              },
                            },
                          ]}
                        >
                          <Select mode="multiple" options={locationOptions} optionFilterProp="label" allowClear />
                        </Form.Item>
                      )
                    }
                  </Form.Item>
                </Card>
              ))}
              <Button type="dashed" block onClick={() => add({ ...NEW_ENTRY })}>
                Add an entry
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}
