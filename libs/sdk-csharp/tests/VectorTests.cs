// The protocol's test vectors through the binding: liblatchkey's public API only, so the vectors'
// answers are served verbatim over HTTP and its ticket checked by lk_verify_ticket. (The file
// vectors need the C internals, which libs/sdk-c's own vectors test covers; the downloads of
// FakeServiceTests run the same decryption end to end.)
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

namespace Latchkey.Tests
{
    internal sealed class VectorTests : Suite
    {
        private FixedAnswerServer server;

        private static string AppId => Vectors.Text("ticket.claims.iss");
        private static string PublicKey => Vectors.Text("signing.publicKey");

        public override void Start() => server = new FixedAnswerServer();

        public override void Stop() => server.Dispose();

        /// <summary>Serves the vectors' `which` answer (its body possibly changed) and calls init against it.</summary>
        private void InitAgainst(string which, string body = null, string signature = null, TimeSpan? maxSkew = null)
        {
            server.Answer((int)Vectors.Number($"{which}.status"), new Dictionary<string, string>
            {
                ["Content-Type"] = Vectors.Text($"{which}.headers.Content-Type"),
                ["X-Signature-Timestamp"] = Vectors.Text($"{which}.headers.X-Signature-Timestamp"),
                ["X-Signature-Ed25519"] = signature ?? Vectors.Text($"{which}.headers.X-Signature-Ed25519"),
            }, body ?? Vectors.Text($"{which}.body"));
            using (var client = new LatchkeyClient(server.Url, AppId, "lk_vector", PublicKey))
            {
                if (maxSkew.HasValue) client.MaxSkew = maxSkew.Value;
                client.Init();
            }
        }

        /// <summary>Wide enough for the vectors' timestamp, whatever this clock says.</summary>
        private static TimeSpan Forever => TimeSpan.FromDays(365 * 20);

        [Test]
        public void SignedAnswerVerifiesButIsNotThisRequests()
        {
            // Signature and timestamp pass (both are checked before the nonce); the nonce is the vectors' request's.
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.NonceMismatch, () => InitAgainst("answer", maxSkew: Forever), 200);
        }

        [Test]
        public void SignedRefusalVerifiesButIsNotThisRequests()
        {
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.NonceMismatch, () => InitAgainst("refusal", maxSkew: Forever), 401);
        }

        [Test]
        public void TamperedAnswerIsRefused()
        {
            var body = Vectors.Text("answer.body").Replace("1.2.3", "9.2.3");
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.SignatureInvalid, () => InitAgainst("answer", body, maxSkew: Forever), 200);
        }

        [Test]
        public void MalformedSignatureHeadersAreRefused()
        {
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.SignatureInvalid, () => InitAgainst("answer", signature: "abcd", maxSkew: Forever));
            var other = Vectors.Text("refusal.headers.X-Signature-Ed25519");
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.SignatureInvalid, () => InitAgainst("answer", signature: other, maxSkew: Forever));
        }

        [Test]
        public void TimestampWindowIsEnforced()
        {
            var away = Math.Abs(DateTimeOffset.UtcNow.ToUnixTimeSeconds() - Vectors.Number("ticket.validAt"));
            Assert.True(away > 60, "this clock is far from the vectors' signing time");
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.StaleResponse, () => InitAgainst("answer"));
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.StaleResponse, () => InitAgainst("answer", maxSkew: TimeSpan.FromSeconds(away - 30)));
            Assert.Refused<LatchkeyVerificationException>(ErrorCode.NonceMismatch, () => InitAgainst("answer", maxSkew: TimeSpan.FromSeconds(away + 30)));
        }

        [Test]
        public void PublicKeysAreChecked()
        {
            new LatchkeyClient(server.Url, AppId, "lk_vector", PublicKey).Dispose();
            Assert.Refused<LatchkeyException>(ErrorCode.InvalidArgument, () => new LatchkeyClient(server.Url, AppId, "k", "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHUR="));
            Assert.Refused<LatchkeyException>(ErrorCode.InvalidArgument, () => new LatchkeyClient(server.Url, AppId, "k", "AAEC"));
            Assert.Refused<LatchkeyException>(ErrorCode.InvalidArgument, () => new LatchkeyClient(null, AppId, "k", PublicKey));
        }

        private static TicketClaims Verify(string ticket, string appId = null, string hwid = null, string publicKey = null)
        {
            using (var client = new LatchkeyClient("http://127.0.0.1:1", appId ?? AppId, "lk_vector", publicKey ?? PublicKey))
            {
                return client.VerifyTicket(ticket, hwid);
            }
        }

        [Test]
        public void TicketVerifiesUntilItExpires()
        {
            var ticket = Vectors.Text("ticket.compact");
            if (DateTimeOffset.UtcNow.ToUnixTimeSeconds() >= Vectors.Number("ticket.expiredAt"))
            {
                // Expiry is checked after the signature, key id and issuer: this one passed them.
                Assert.Refused<LatchkeyTicketException>(ErrorCode.TicketExpired, () => Verify(ticket), 0);
                return;
            }
            var claims = Verify(ticket, hwid: Vectors.Text("ticket.claims.hwid"));
            Assert.Equal(Vectors.Text("ticket.claims.sub"), claims.Subject);
            Assert.Equal(Vectors.Number("ticket.claims.lvl"), claims.Level);
            Assert.Equal(Vectors.Number("ticket.claims.exp"), claims.ExpiresAt.ToUnixTimeSeconds());
        }

        [Test]
        public void TicketForgeriesAreRefused()
        {
            var ticket = Vectors.Text("ticket.compact");
            var parts = ticket.Split('.');
            Func<string, int, string> Swap = (part, at) => part.Substring(0, at) + (part[at] == 'A' ? 'B' : 'A') + part.Substring(at + 1);
            var forgedClaims = $"{parts[0]}.{Swap(parts[1], 10)}.{parts[2]}";
            var forgedSignature = $"{parts[0]}.{parts[1]}.{Swap(parts[2], 5)}";
            foreach (var forged in new[] { forgedClaims, forgedSignature, "a.b", "" })
            {
                Assert.Refused<LatchkeyTicketException>(ErrorCode.TicketInvalid, () => Verify(forged));
            }
            Assert.Refused<LatchkeyTicketException>(ErrorCode.TicketInvalid, () => Verify(ticket, appId: "another-app"));
            // A valid key that is not the signer's: another key id.
            Assert.Refused<LatchkeyTicketException>(ErrorCode.TicketInvalid, () => Verify(ticket, publicKey: Vectors.Text("file.encryption.clientPublicKey")));
        }

        private static string Hmac(string salt, string raw)
        {
            using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(salt)))
            {
                var digest = hmac.ComputeHash(Encoding.UTF8.GetBytes(raw.Trim().ToLowerInvariant()));
                return string.Concat(digest.Select(b => b.ToString("x2")));
            }
        }

        [Test]
        public void MachineIdIsTheVectorsHmacOfThisMachinesId()
        {
            var salt = Vectors.Text("machineId.salt");
            Assert.Equal(Vectors.Text("machineId.hwid"), Hmac(salt, Vectors.Text("machineId.raw")), "HMAC of the vector");
            // As liblatchkey reads it: the first of these files that holds more than blanks.
            var file = new[] { "/etc/machine-id", "/var/lib/dbus/machine-id" }
                .FirstOrDefault(f => File.Exists(f) && File.ReadAllText(f).Trim().Length > 0);
            if (file == null)
            {
                Assert.Refused<LatchkeyException>(ErrorCode.MachineIdUnavailable, () => LatchkeyClient.MachineId(salt));
                return;
            }
            Assert.Equal(Hmac(salt, File.ReadAllText(file)), LatchkeyClient.MachineId(salt), "machine id");
            Assert.Refused<LatchkeyException>(ErrorCode.InvalidArgument, () => LatchkeyClient.MachineId(""));
        }

        [Test]
        public void ErrorCodesAreLiblatchkeysNamesAndNumbers()
        {
            foreach (ErrorCode code in Enum.GetValues(typeof(ErrorCode)))
            {
                var expected = Regex.Replace(code.ToString(), "([a-z])([A-Z])", "$1_$2").ToUpperInvariant();
                Assert.Equal(expected, LatchkeyClient.CodeName(code), $"name of {(int)code}");
            }
            Assert.Equal("SIGNATURE_INVALID", LatchkeyClient.CodeName(ErrorCode.SignatureInvalid));
            Assert.Equal(49, (int)ErrorCode.MachineIdUnavailable);
        }
    }
}
