/**
 * Worked examples of NXP AN12196 ("NTAG 424 DNA and NTAG 424 DNA TagTamper features and hints"),
 * byte for byte, shared by the tests of the server side and of the simulator's card. Table numbers
 * follow revision 2.0 of the note.
 */
const hex = (value: string) => Buffer.from(value, 'hex');

/** Table 22: ISOSelectFile of the application by its DF name. */
export const SELECT_APPLICATION = {
  command: hex('00a4040c07d276000085010100'),
  answer: hex('9000'),
};

/** Table 14: AuthenticateEV2First with key 0x00, the all-zero factory key. */
export const AUTHENTICATION_KEY_0 = {
  key: Buffer.alloc(16),
  keyNo: 0,
  firstCommand: hex('9071000002000000'),
  challenge: hex('a04c124213c186f22399d33ac2a3021591af'),
  rndA: hex('13c5db8a5930439fc3def9a4c675360f'),
  rndB: hex('b9e2fc789b64bf237cccaa20ec7e6e48'),
  secondCommand: hex('90af00002035c3e05a752e0144bac0de51c1f22c56b34408a23d8aea266cab947ea8e0118d00'),
  answer: hex('3fa64db5446d1f34cd6ea311167f5e4985b89690c04a05f17fa7ab2f081206639100'),
  ti: hex('9d00c4df'),
  encKey: hex('1309c877509e5a215007ff0ed19ca564'),
  macKey: hex('4c6626f5e72ea694202139295c7a7fc7'),
};

/**
 * Table 19: AuthenticateEV2First with key 0x03, also still the zero key. The note gives the card's
 * challenge, not its RndB, so tests take RndB as the decrypted challenge.
 */
export const AUTHENTICATION_KEY_3 = {
  key: Buffer.alloc(16),
  keyNo: 3,
  challenge: hex('b875ceb0e66a6c5cd00898dc371f92d191af'),
  rndA: hex('b98f4c50cf1c2e084fd150e33992b048'),
  secondCommand: hex('90af000020ff0306e47dfbc50087c4d8a78e88e62de1e8be457aa477c707e2f0874916a8b100'),
  answer: hex('0cc9a8094a8eea683ecaac5c7bf20584206d0608d477110fc6b3d5d3f65c3a6a9100'),
  ti: hex('7614281a'),
  encKey: hex('7a93d6571e4b180fca6ac90c9a7488d4'),
  macKey: hex('fc4af159b62e549b5812394cab1918cc'),
};

/**
 * Session of the ChangeKey examples: authenticated with key 0 (AuthenticateEV2NonFirst, Table 23),
 * TI from Table 19.
 */
const CHANGE_KEY_SESSION = {
  authenticatedKeyNo: 0,
  encKey: hex('4cf3cb41a22583a61e89b158d252fc53'),
  macKey: hex('5529860b2fc5fb6154b7f28361d30bf9'),
  ti: hex('7614281a'),
};

/** Table 25, ChangeKey case 1: key 2 (not the authenticated one) from zero to a new key, CmdCtr 2. */
export const CHANGE_OTHER_KEY = {
  session: { ...CHANGE_KEY_SESSION, commandCounter: 2 },
  keyNo: 2,
  oldKey: Buffer.alloc(16),
  newKey: hex('f3847d627727ed3bc9c4cc050489b966'),
  newKeyVersion: 1,
  checksum: hex('789dfadc'),
  paddedData: hex('f3847d627727ed3bc9c4cc050489b96601789dfadc8000000000000000000000'),
  command: hex(
    '90c4000029022cf362b7bf4311ff3be1daa295e8c68de09050560d19b9e16c2393ae9cd1fac75d0ce20bcd1d06e600',
  ),
  answer: hex('203bb55d1089d5879100'),
};

/** Table 26, ChangeKey case 2: key 0, the authenticated key, from zero to a new key, CmdCtr 3. */
export const CHANGE_AUTHENTICATED_KEY = {
  session: { ...CHANGE_KEY_SESSION, commandCounter: 3 },
  keyNo: 0,
  newKey: hex('5004bf991f408672b1ef00f08f9e8647'),
  newKeyVersion: 1,
  paddedData: hex('5004bf991f408672b1ef00f08f9e864701800000000000000000000000000000'),
  command: hex(
    '90c400002900c0eb4deefeddf0b513a03a95a75491818580503190d4d05053ff75668a01d6fda6610234bded643200',
  ),
  /** No MAC: changing the authenticated key ends the session. */
  answer: hex('9100'),
};
