import { Form, Input, Switch } from 'antd';
import {
  CreateUserRequestSchema,
  EmailSchema,
  PasswordSchema,
  UsernameSchema,
  type Location,
  type AdminUpdateUserRequest,
  type CreateUserRequest,
  type ManagedUser,
} from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { initialRole, roleGrant, RoleFields, type RoleValues } from './role-fields';

interface UserFormValues extends Partial<RoleValues> {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  userAdmin: boolean;
  password?: string;
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
            : { userAdmin: false, ...initialRole(locations) }
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
            <RoleFields locations={locations} />
          </>
        )}
      </Form>
    </FormModal>
  );
}
