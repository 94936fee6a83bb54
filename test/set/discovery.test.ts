import { describe, expect, it } from 'vitest';
import { SecurityEventTokenInputError, ssfConfiguration, ssfConfigurationUrl } from '../../src/set/index';

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SecurityEventTokenInputError);
    return (error as SecurityEventTokenInputError).issues;
  }
  throw new Error('expected a SecurityEventTokenInputError');
}

describe('ssfConfigurationUrl', () => {
  it.each([
    ['https://tr.example.com', 'https://tr.example.com/.well-known/ssf-configuration'],
    ['https://tr.example.com/', 'https://tr.example.com/.well-known/ssf-configuration'],
    ['https://tr.example.com/issuer1', 'https://tr.example.com/.well-known/ssf-configuration/issuer1'],
    ['https://tr.example.com/tenants/t1/', 'https://tr.example.com/.well-known/ssf-configuration/tenants/t1'],
    ['http://127.0.0.1:8080/p', 'http://127.0.0.1:8080/.well-known/ssf-configuration/p'],
  ])('inserts /.well-known/ssf-configuration between the host and the path of %s', (issuer, url) => {
    expect(ssfConfigurationUrl(issuer)).toBe(url);
  });

  it('refuses an issuer with a query, an http issuer off this machine, and one that is no URL', () => {
    expect(issuesOf(() => ssfConfigurationUrl('https://tr.example.com/?tenant=1'))).toEqual([{ path: 'issuer', reason: 'Must have no query or fragment' }]);
    expect(issuesOf(() => ssfConfigurationUrl('http://tr.example.com'))).toEqual([
      { path: 'issuer', reason: 'Must use https (http only for this machine: localhost, 127.0.0.0/8, [::1])' },
    ]);
    expect(issuesOf(() => ssfConfigurationUrl('risk engine'))).toEqual([{ path: 'issuer', reason: 'Must be an absolute URL, e.g. https://risk.example.com' }]);
  });
});

describe('ssfConfiguration', () => {
  it('writes spec_version 1_0, the issuer as given, jwks_uri and push delivery', () => {
    expect(ssfConfiguration({ issuer: 'https://tr.example.com', jwksUri: 'https://tr.example.com/jwks.json' })).toEqual({
      spec_version: '1_0',
      issuer: 'https://tr.example.com',
      jwks_uri: 'https://tr.example.com/jwks.json',
      delivery_methods_supported: ['urn:ietf:rfc:8935'],
    });
  });

  it('adds the other members given by their SSF names, and leaves out an empty list', () => {
    expect(
      ssfConfiguration({
        issuer: 'https://tr.example.com/issuer1',
        jwksUri: new URL('https://tr.example.com/issuer1/jwks.json'),
        metadata: {
          delivery_methods_supported: ['urn:ietf:rfc:8935', 'urn:ietf:rfc:8936'],
          configuration_endpoint: 'https://tr.example.com/ssf/mgmt/stream',
          verification_endpoint: 'https://tr.example.com/ssf/mgmt/verification',
          critical_subject_members: [],
          authorization_schemes: [{ spec_urn: 'urn:ietf:rfc:6749' }],
          default_subjects: 'NONE',
        },
      }),
    ).toEqual({
      spec_version: '1_0',
      issuer: 'https://tr.example.com/issuer1',
      jwks_uri: 'https://tr.example.com/issuer1/jwks.json',
      delivery_methods_supported: ['urn:ietf:rfc:8935', 'urn:ietf:rfc:8936'],
      configuration_endpoint: 'https://tr.example.com/ssf/mgmt/stream',
      verification_endpoint: 'https://tr.example.com/ssf/mgmt/verification',
      authorization_schemes: [{ spec_urn: 'urn:ietf:rfc:6749' }],
      default_subjects: 'NONE',
    });
  });

  it('checks every URL, naming each bad one at once', () => {
    expect(
      issuesOf(() =>
        ssfConfiguration({ issuer: 'https://tr.example.com', jwksUri: 'ftp://tr.example.com/jwks', metadata: { status_endpoint: 'http://tr.example.com/s' } }),
      ),
    ).toEqual([
      { path: 'jwksUri', reason: 'Must use https, not ftp:' },
      { path: 'metadata.status_endpoint', reason: 'Must use https (http only for this machine: localhost, 127.0.0.0/8, [::1])' },
    ]);
  });

  it('requires jwksUri, since a provider that signs publishes its key set', () => {
    expect(issuesOf(() => ssfConfiguration({ issuer: 'https://tr.example.com' } as never))).toEqual([
      { path: 'jwksUri', reason: 'The field cannot be left blank: a provider that signs tokens publishes its key set' },
    ]);
  });
});
