// The transforms the p-cal pre-audit added (issue 32): mobile_user_id (upstream byMobileExtractUserID, contact
// +by-mobile) and org_user_dept_id (upstream shortcutOrgExtractDeptID, contact +org / +team), both in
// src/domain/contact-depts.ts. The commands run against the recording backend are pinned by the `p-cal:` recorded-call
// goldens of test/fixtures/calls/{contact,calendar}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';

const apply = (t: Transform, v: unknown) => applyTransforms([t], v, '--x', { env: {} });
const withDepts = (...deptIds: unknown[]) => ({ orgEmployeeModel: { depts: deptIds.map((deptId) => ({ deptId })) } });

describe('org_user_dept_id (smart/org.go:112-179@c7521c1c)', () => {
  it('reads the answer first, then result, data, userList and users, an object or each object of a list', () => {
    expect(apply('org_user_dept_id', { ...withDepts(7.9), result: withDepts(1) })).toBe('7');
    expect(apply('org_user_dept_id', { result: [withDepts(), withDepts('4')] })).toBe('4');
    expect(apply('org_user_dept_id', { data: [withDepts(null)], users: withDepts('0x5', 8) })).toBe('8');
    expect(apply('org_user_dept_id', { userList: 'x', users: [3, withDepts(true, '-5')] })).toBe('-5');
  });

  it('passes over a deptId strconv.ParseInt cannot read, and is empty when none is left', () => {
    expect(apply('org_user_dept_id', { result: [withDepts('abc', ' 3', '1.0', '9223372036854775808', '+12')] })).toBe('12');
    expect(apply('org_user_dept_id', { result: [withDepts('abc', ' 3')] })).toBe('');
    expect(apply('org_user_dept_id', [withDepts(1)])).toBe('');
    expect(apply('org_user_dept_id', { orgEmployeeModel: { depts: 'x' } })).toBe('');
  });

  it('gives back every whole number written in decimal, and nothing for it with a space before', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
      expect(apply('org_user_dept_id', { result: withDepts(n.toString()) })).toBe(n.toString());
      expect(apply('org_user_dept_id', { result: withDepts(` ${n}`) })).toBe('');
    }));
  });
});

describe('mobile_user_id (smart/by_mobile.go:108-154@c7521c1c)', () => {
  it('takes an object\'s id keys in order, passing over "", "0", 0 and values that are neither text nor number', () => {
    expect(apply('mobile_user_id', { userId: '0', userid: '', user_id: 0, userID: true, id: 1.7 })).toBe('1');
    expect(apply('mobile_user_id', { result: { userId: 'u1', id: 'x' } })).toBe('u1');
    expect(apply('mobile_user_id', { result: { userId: true }, user: [{ user_id: ' u9 ' }] })).toBe(' u9 ');
  });

  it('reads a list element by element, each with all its keys', () => {
    expect(apply('mobile_user_id', { result: [{ id: 'a1' }, { userId: 'b1' }] })).toBe('a1');
    expect(apply('mobile_user_id', { data: [3, { userId: '0' }, { userID: 'c' }] })).toBe('c');
  });

  it('takes a text or number held by the container itself, 0 included, and is empty when nothing is found', () => {
    expect(apply('mobile_user_id', { result: 0 })).toBe('0');
    expect(apply('mobile_user_id', { result: '', data: 'd7' })).toBe('d7');
    expect(apply('mobile_user_id', { userInfo: -2.5 })).toBe('-2');
    expect(apply('mobile_user_id', { result: null, data: [], user: {} })).toBe('');
    expect(apply('mobile_user_id', 'u1')).toBe('');
  });

  it('gives back any non-empty text other than "0" held by userId', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }).filter((s) => s !== '0'), (s) => {
      expect(apply('mobile_user_id', { userId: s, result: { userId: 'other' } })).toBe(s);
    }));
  });
});

describe('dept_member_candidates reads a department id as deptMembersToInt64 (smart/dept_members.go:186-204@c7521c1c)', () => {
  it('trims a text id as Go\'s strings.TrimSpace: U+0085 is space, U+FEFF is not', () => {
    expect(apply('dept_member_candidates', { result: [{ deptId: '\u008512 ', deptName: 'a' }, { deptId: '\ufeff13', deptName: 'b' }, { deptId: 7.9, deptName: 'c' }] }))
      .toEqual([{ deptId: '12', name: 'a' }, { deptId: '7', name: 'c' }]);
  });
});
