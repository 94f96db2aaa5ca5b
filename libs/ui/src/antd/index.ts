export * from './themed-antd';
