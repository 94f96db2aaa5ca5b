import { AppError } from '../common/errors/app-error';
import { assertCan } from './assert-can';

const MAIN = { id: '00000000-0000-4000-8000-000000000001', name: 'Main street' };
const DEPOT = { id: '00000000-0000-4000-8000-000000000002', name: 'Secret depot' };
const staff = (permissions: { action: string[]; locations: string[] }[]) => ({ rootUser: false, userAdmin: false, permissions });

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertCan', () => {
  it('lets administrators do anything, anywhere', () => {
    expect(() => assertCan({ rootUser: true, userAdmin: false, permissions: [] }, 'delete:batch', DEPOT)).not.toThrow();
    expect(() => assertCan({ rootUser: false, userAdmin: true, permissions: [] }, 'admin')).not.toThrow();
  });

  it('lets staff act where their entries hold the action', () => {
    const clerk = staff([{ action: ['create:batch'], locations: [MAIN.id] }]);
    expect(() => assertCan(clerk, 'create:batch', MAIN)).not.toThrow();
    expect(() => assertCan(clerk, 'create:batch')).not.toThrow();
  });

  it('names a location the caller can see', () => {
    const clerk = staff([{ action: ['view:item'], locations: [MAIN.id] }]);
    const error = refusal(() => assertCan(clerk, 'create:batch', MAIN));
    expect(error.status).toBe(403);
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe("You can't create batches at Main street. Ask an administrator for access.");
    expect(error.missingPermission).toBe('create:batch');
  });

  it('never names a location the caller cannot see', () => {
    const clerk = staff([{ action: ['create:batch'], locations: [MAIN.id] }]);
    const error = refusal(() => assertCan(clerk, 'create:batch', DEPOT));
    expect(error.message).toBe("You can't create batches at that location. Ask an administrator for access.");
    expect(error.message).not.toContain(DEPOT.name);
  });

  it('refuses staff an administrators-only action', () => {
    expect(refusal(() => assertCan(staff([{ action: ['view:item'], locations: [] }]), 'admin')).status).toBe(403);
  });
});
