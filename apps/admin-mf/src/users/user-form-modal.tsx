import { Form, Input, Select, Switch } from 'antd';
import {
  CreateUserRequestSchema,
  EmailSchema,
  PasswordSchema,
  ROLE_PRESETS,
  UsernameSchema,
  type Location,
  type RolePreset,
  type AdminUpdateUserRequest,
  type CreateUserRequest,
  type ManagedUser,
} from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';

/** A new user's role: a preset's actions at some locations, an administrator, or none yet. */
type RoleChoice = RolePreset['key'] | 'administrator' | 'custom';

interface UserFormValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  userAdmin: boolean;
  password?: string;
  /** Creating only: what the new user does, and where. */
  role?: RoleChoice;
  allLocations?: boolean;
  locations?: string[];
}

const ROLE_OPTIONS: Array<{ value: RoleChoice; label: string; summary: string }> = [
  ...ROLE_PRESETS.map((preset) => ({ value: preset.key, label: preset.name, summary: preset.summary })),
  { value: 'administrator', label: 'Administrator', summary: 'Does everything, including managing users and the business.' },
  { value: 'custom', label: 'Custom', summary: 'No permissions yet: choose them with Permissions once the user is added.' },
];

/** The new user's admin flag and permission entries for the role chosen in the form. */
export function roleGrant(values: Pick<UserFormValues, 'role' | 'allLocations' | 'locations'>): Pick<CreateUserRequest, 'userAdmin' | 'permissions'> {
  if (values.role === 'administrator') return { userAdmin: true, permissions: [] };
  const preset = ROLE_PRESETS.find((candidate) => candidate.key === values.role);
  if (!preset) return { userAdmin: false, permissions: [] };
  return { userAdmin: false, permissions: [{ action: [...preset.actions], locations: values.allLocations ? [] : (values.locations ?? []) }] };
}

interface UserFormModalProps {
  /** The user to edit; none to create a staff user. */
  user?: ManagedUser;
  /** The signed-in administrator: nobody changes their own admin rights, or the owner's. */
  meId: string;
  /** Where a new user's role may apply. */
  locations: readonly Location[];
  onCancel(): void;
  onCreate(body: CreateUserRequest): Promise<unknown>;
  onUpdate(body: AdminUpdateUserRequest): Promise<unknown>;
  onSaved(user: { firstName: string; lastName: string }): void;
}

/** Create a staff user, or edit one: names, username, e-mail, admin rights, a password. */
export function UserFormModal({ user, meId, locations, onCancel, onCreate, onUpdate, onSaved }: UserFormModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const editing = user !== undefined;
  const role = Form.useWatch('role', form);
  const allLocations = Form.useWatch('allLocations', form);
  const placed = role !== undefined && role !== 'administrator' && role !== 'custom';

  const { submit, saving, formError } = useFormSubmit(form, async (values: UserFormValues) => {
    if (user) {
      await onUpdate({
        userId: user._id,
        firstName: values.firstName,
        lastName: values.lastName,
        username: values.username,
        email: values.email,
        userAdmin: values.userAdmin,
        ...(values.password ? { password: values.password } : {}),
      });
    } else {
      const { firstName, lastName, username, email } = values;
      await onCreate({ firstName, lastName, username, email, password: values.password ?? '', ...roleGrant(values) });
    }
    onSaved(values);
  });

  return (
    <FormModal
      title={editing ? `Edit ${user.firstName} ${user.lastName}` : 'Add a staff user'}
      okText={editing ? 'Save changes' : 'Add user'}
      onCancel={onCancel}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        name={editing ? 'edit-user' : 'create-user'}
        initialValues={
          user
            ? { firstName: user.firstName, lastName: user.lastName, username: user.username, email: user.email, userAdmin: user.userAdmin }
            : { userAdmin: false, role: 'cashier', allLocations: locations.length <= 1, locations: locations.length === 1 ? [locations[0]!._id] : [] }
        }
        onFinish={submit}
      >
        <Form.Item label="First name" name="firstName" required rules={[schemaRule(CreateUserRequestSchema.shape.firstName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" required rules={[schemaRule(CreateUserRequestSchema.shape.lastName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Username"
          name="username"
          required
          rules={[schemaRule(UsernameSchema)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="E-mail"
          name="email"
          required
          rules={[schemaRule(EmailSchema)]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={editing ? 'New password (leave empty to keep the current one)' : 'Password'}
          name="password"
          required={!editing}
          rules={[schemaRule(PasswordSchema, { optional: editing })]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {editing ? (
          <Form.Item
            label="User admin"
            name="userAdmin"
            valuePropName="checked"
            extra={
              user && (user.rootUser || user._id === meId)
                ? 'The owner is always an administrator, and nobody changes their own admin rights.'
                : 'User admins may do everything, including managing users.'
            }
          >
            <Switch disabled={user !== undefined && (user.rootUser || user._id === meId)} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              label="Role"
              name="role"
              required
              extra={ROLE_OPTIONS.find((option) => option.value === role)?.summary}
              rules={[{ required: true, message: 'Choose what this user does.' }]}
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
        )}
      </Form>
    </FormModal>
  );
}
