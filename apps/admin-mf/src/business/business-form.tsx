import { Alert, Button, Col, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import {
  MIN_PRINTER_WIDTH,
  PRINTER_WIDTH_MESSAGE,
  PrinterSettingsSchema,
  UpdateBusinessRequestSchema,
  VALUATION_METHODS,
  type Business,
  type UpdateBusinessRequest,
} from '@stockbook/contracts';
import { CURRENCY_CODES, currencyLabel } from '@stockbook/domain';
import { FormAlert, schemaRule, TimeZoneSelect, useFormSubmit } from '@stockbook/ui/antd';

type BusinessValues = Required<Pick<UpdateBusinessRequest, 'businessName' | 'businessAddress' | 'contactNumber' | 'businessEmail' | 'currency' | 'inventoryValuationMethod' | 'timeZone'>> & {
  printer: Business['printer'];
  notification: Business['notification'];
};

const fields = UpdateBusinessRequestSchema.shape;

const VALUATION_LABELS: Record<(typeof VALUATION_METHODS)[number], string> = {
  FIFO: 'FIFO: first in, first out',
  LIFO: 'LIFO: last in, first out',
  AVCO: 'AVCO: average cost',
  SELECT: 'SELECT: choose the batch on each sale',
};

/** The printer width rule, with the specification's exact message. */
const widthRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_PRINTER_WIDTH) throw new Error(PRINTER_WIDTH_MESSAGE);
  },
};

function toValues(business: Business): BusinessValues {
  return {
    businessName: business.businessName,
    businessAddress: business.businessAddress,
    contactNumber: business.contactNumber,
    businessEmail: business.businessEmail,
    currency: business.currency,
    inventoryValuationMethod: business.inventoryValuationMethod,
    timeZone: business.timeZone,
    printer: { ...business.printer },
    notification: { ...business.notification },
  };
}

interface BusinessFormProps {
  business: Business;
  /** Only administrators change the business; others see it read-only. */
  editable: boolean;
  onSave(body: UpdateBusinessRequest): Promise<unknown>;
  onSaved(): void;
}

/** The business profile: details, money settings, the receipt printer and notifications. */
export function BusinessForm({ business, editable, onSave, onSaved }: BusinessFormProps) {
  const [form] = Form.useForm<BusinessValues>();
  const currency = Form.useWatch('currency', form);
  const changingCurrency = currency !== undefined && currency !== business.currency;
  const { submit, saving, formError } = useFormSubmit(form, async (values: BusinessValues) => {
    await onSave(values);
    onSaved();
  });

  return (
    <Form<BusinessValues>
      form={form}
      name="business"
      layout="vertical"
      disabled={!editable}
      initialValues={toValues(business)}
      onFinish={submit}
      style={{ maxWidth: 760 }}
    >
      <FormAlert message={formError} />
      <Typography.Title level={2}>
        Details
      </Typography.Title>
      <Form.Item label="Business name" name="businessName" required rules={[schemaRule(fields.businessName.unwrap())]}>
        <Input />
      </Form.Item>
      <Form.Item label="Address" name="businessAddress" rules={[schemaRule(fields.businessAddress.unwrap())]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Contact number" name="contactNumber" rules={[schemaRule(fields.contactNumber.unwrap())]}>
            <Input type="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Business e-mail" name="businessEmail" rules={[schemaRule(fields.businessEmail.unwrap())]}>
            <Input type="email" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Currency"
            name="currency"
            required
            extra={business.currencyLocked ? `Fixed: amounts have been recorded in ${business.currency}.` : undefined}
          >
            <Select disabled={business.currencyLocked} options={CURRENCY_CODES.map((code) => ({ label: currencyLabel(code), value: code }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Inventory valuation method" name="inventoryValuationMethod" required>
            <Select options={VALUATION_METHODS.map((method) => ({ label: VALUATION_LABELS[method], value: method }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Time zone"
            name="timeZone"
            required
            rules={[schemaRule(fields.timeZone.unwrap())]}
            extra="Reports, the dashboard's today and the dated tables count the business's days here."
          >
            <TimeZoneSelect />
          </Form.Item>
        </Col>
      </Row>

      {changingCurrency && !business.currencyLocked && (
        <Alert
          type="warning"
          showIcon
          data-testid="currency-warning"
          style={{ marginBottom: 16 }}
          title={`Change the currency from ${business.currency} to ${currency}?`}
          description="Choose the currency before recording money: once a batch cost, a balance or a sale is recorded, the currency cannot change."
        />
      )}

      <Divider />
      <Typography.Title level={2}>
        Receipt printer
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Footer line 1" name={['printer', 'footer1']} rules={[schemaRule(PrinterSettingsSchema.shape.footer1)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Footer line 2" name={['printer', 'footer2']} rules={[schemaRule(PrinterSettingsSchema.shape.footer2)]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Width (characters per line)"
        name={['printer', 'width']}
        required
        rules={[widthRule]}
        extra={`At least ${MIN_PRINTER_WIDTH} characters.`}
      >
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Print the currency" name={['printer', 'printCurrency']} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Print on invoices" name={['printer', 'printOnInvoice']} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={2}>
        Notifications
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item label="E-mail customers" name={['notification', 'customerEmail']} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Text customers" name={['notification', 'customerSMS']} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="E-mail suppliers" name={['notification', 'supplierEmail']} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Text suppliers" name={['notification', 'supplierSMS']} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {editable && (
        <Button type="primary" htmlType="submit" loading={saving}>
          Save business profile
        </Button>
      )}
    </Form>
  );
}
