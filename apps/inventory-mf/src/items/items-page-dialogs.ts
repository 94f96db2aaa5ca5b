import { lazy } from 'react';

/**
 * The items screen's drawer and dialogs, each loaded when it is first opened rather than with
 * the list: the batch form brings the date picker, the import dialog the upload, progress and
 * CSV parser, the drawer its descriptions (about 64 KiB compressed that a first look at the list
 * never needs).
 */
export const ItemDrawer = lazy(() => import('./item-drawer').then((module) => ({ default: module.ItemDrawer })));
export const ItemFormModal = lazy(() => import('./item-form-modal').then((module) => ({ default: module.ItemFormModal })));
export const VariantFormModal = lazy(() => import('./variant-form-modal').then((module) => ({ default: module.VariantFormModal })));
export const BatchFormModal = lazy(() => import('./batch-form-modal').then((module) => ({ default: module.BatchFormModal })));
export const ImportModal = lazy(() => import('../csv/import-modal').then((module) => ({ default: module.ImportModal })));
