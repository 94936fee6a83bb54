/**
 * The sign-on settings of a custom SAML 2.0 app served at `origin` (ACS at `origin + acsPath`), as an
 * admin fills them in: signed responses and assertions, RSA-SHA256, the user name as NameID. The demo
 * seed, the credential tests and `npm run bench -- create-saml` create their SAML apps with them.
 */
export function samlSignOn(origin: string, acsPath = '/acs') {
  return {
    ssoAcsUrl: `${origin}${acsPath}`,
    audience: origin,
    recipient: `${origin}${acsPath}`,
    destination: `${origin}${acsPath}`,
    subjectNameIdTemplate: '${user.userName}',
    subjectNameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    responseSigned: true,
    assertionSigned: true,
    signatureAlgorithm: 'RSA_SHA256',
    digestAlgorithm: 'SHA256',
    honorForceAuthn: true,
    authnContextClassRef: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
  } as const;
}
