import { describe, expect, test } from 'vitest';
import { auditActorText, auditTargetText } from './audit-target';

describe('auditTargetText', () => {
  test('names a record the API found, by its kind and name', () => {
    expect(auditTargetText({ target: 'inquiry:abc123', targetName: 'Ava Nguyen' })).toBe('Inquiry: Ava Nguyen');
    expect(auditTargetText({ target: 'quote:q1', targetName: 'Jack Smith' })).toBe('Quote request: Jack Smith');
    expect(auditTargetText({ target: 'project:p1', targetName: 'Hawthorn Family Kitchen' })).toBe('Project: Hawthorn Family Kitchen');
    expect(auditTargetText({ target: 'model:m1', targetName: 'Kitchen Island' })).toBe('3D model: Kitchen Island');
    expect(auditTargetText({ target: 'review:r1', targetName: 'Charlotte' })).toBe('Review: Charlotte');
  });

  test('gives the id of a record since deleted, and says so', () => {
    expect(auditTargetText({ target: 'inquiry:abc123' })).toBe('Inquiry abc123 (deleted)');
    expect(auditTargetText({ target: 'project:p1' })).toBe('Project p1 (deleted)');
  });

  test('shows targets that are names already after their kind, and others as they are', () => {
    expect(auditTargetText({ target: 'user:sam' })).toBe('Admin: sam');
    expect(auditTargetText({ target: 'settings:business.phone' })).toBe('Setting: business.phone');
    expect(auditTargetText({ target: 'inquiries' })).toBe('inquiries');
    expect(auditTargetText({ target: 'GET /api/visitors' })).toBe('GET /api/visitors');
    expect(auditTargetText({})).toBe('');
  });
});

test('auditActorText says who acted, or that nobody was signed in', () => {
  expect(auditActorText('sam')).toBe('sam');
  expect(auditActorText('')).toBe('Not signed in');
});
