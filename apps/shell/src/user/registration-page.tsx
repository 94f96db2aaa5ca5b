import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { accountApi } from '@stockbook/api-client';
import { RegisterRequestSchema, VALUATION_METHODS, type RegisterRequest, type ValuationMethod } from '@stockbook/contracts';
import { CURRENCY_CODES, currencyLabel } from '@stockbook/domain';
import { browserTimeZone } from '@stockbook/ui';
import { TimeZoneSelect } from '@stockbook/ui/antd';
import { startSession } from '../session/session-actions';
import { AuthCard } from './auth-card';
import { useUsernameAvailability } from './username-availability';
import { showServerErrors, zodRule } from './form-support';

const shape = RegisterRequestSchema.shape;
const FIELDS = Object.keys(shape);

const VALUATION_LABELS: Record<ValuationMethod, string> = {
  FIFO: 'FIFO: first in, first out',
  LIFO: 'LIFO: last in, first out',
  AVCO: 'AVCO: average cost',
  SELECT: 'SELECT: pick the batch at each sale',
};

/** What each method means for the shop, in one line under the choice. */
const VALUATION_EXPLAINED: Record<ValuationMethod, string> = {
  FIFO: 'A sale takes the oldest stock first, at its cost. Suits most shops, and anything that expires.',
  LIFO: 'A sale takes the newest stock first, at its cost.',
  AVCO: 'Every unit costs the average of what you paid for the stock on hand.',
  SELECT: 'At each sale you choose which batch the units come from.',
};

/** /user/registration: a business, its owner (the root user) and its first location, at once. */
export function RegistrationPage() {
  const [form] = Form.useForm<RegisterRequest>();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checkUsername = useUsernameAvailability();
  const method = Form.useWatch('inventoryValuationMethod', form) as ValuationMethod | undefined;
  const keep = params.toString() ? `?${params}` : '';

  const submit = async (values: RegisterRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const { user } = await accountApi.register(values);
      startSession(queryClient, user); // the guard sends the new owner on to /x
    } catch (error) {
      setFailure(showServerErrors(form, error, FIELDS));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" intro="Set up your business, your own account and your first location.">
      {failure ? <Alert className="sb-auth-alert" type="error" showIcon title={failure} /> : null}
      <Form
        form={form}
        layout="vertical"
        name="registration"
        onFinish={submit}
        disabled={busy}
        initialValues={{ inventoryValuationMethod: 'FIFO', locationName: 'Main store', timeZone: browserTimeZone() }}
      >
        <fieldset className="sb-fieldset">
          <legend>Business</legend>
          <Form.Item label="Business name" name="businessName" required rules={[zodRule(shape.businessName)]}>
            <Input autoComplete="organization" />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="Currency" name="currency" required rules={[zodRule(shape.currency)]}>
                <Select placeholder="Choose a currency" options={CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label="Valuation method"
                name="inventoryValuationMethod"
                required
                rules={[zodRule(shape.inventoryValuationMethod)]}
                extra={method ? VALUATION_EXPLAINED[method] : undefined}
              >
                <Select options={VALUATION_METHODS.map((method) => ({ value: method, label: VALUATION_LABELS[method] }))} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="First location name" name="locationName" required rules={[zodRule(shape.locationName)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Time zone" name="timeZone" required rules={[zodRule(shape.timeZone)]} extra="Your days (reports, today's sales) are days here.">
                <TimeZoneSelect />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
        <fieldset className="sb-fieldset">
          <legend>Shop contact details</legend>
          <p className="sb-fieldset-intro">Printed on your invoices and receipts. You can change them later in Admin.</p>
          <Form.Item label="Address" name="businessAddress" rules={[zodRule(shape.businessAddress)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="Phone" name="contactNumber" rules={[zodRule(shape.contactNumber)]}>
                <Input type="tel" autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Shop e-mail" name="businessEmail" rules={[zodRule(shape.businessEmail)]} extra="Leave empty to use your own e-mail below.">
                <Input type="email" />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
        <fieldset className="sb-fieldset">
          <legend>Your account</legend>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="First name" name="firstName" required rules={[zodRule(shape.firstName)]}>
                <Input autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Last name" name="lastName" required rules={[zodRule(shape.lastName)]}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label="Username"
            name="username"
            required
            hasFeedback
            validateDebounce={400}
            validateFirst
            rules={[zodRule(shape.username), { validator: checkUsername }]}
          >
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item label="E-mail" name="email" required rules={[zodRule(shape.email)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="Password" name="password" required rules={[zodRule(shape.password)]} extra="At least 8 characters.">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </fieldset>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Create account
        </Button>
      </Form>
      <nav className="sb-auth-links" aria-label="Account help">
        <span>
          Already have an account? <Link to={`/user/login${keep}`}>Sign in</Link>
        </span>
      </nav>
    </AuthCard>
  );
}

export { RegistrationPage as Component };
