// The client against libs/sdk-c/tests/fake-service.mjs (signed with the vectors' key): forged,
// stale, replayed and broken answers are refused with liblatchkey's codes as typed exceptions,
// good ones accepted, downloads verified, and heartbeat timers report and stop.
using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Latchkey.Tests
{
    internal sealed class FakeServiceTests : Suite
    {
        private const string FileId = "7d1f0c2e-5b8a-4c3e-9f21-0a6b4d2c8e91";
        private const int ContentBytes = 150000;
        private readonly FakeService fake = new FakeService();

        public override void Start() => fake.Start();

        public override void Stop() => fake.Stop();

        private void InitUnder(string scenario)
        {
            using (var client = fake.Client(scenario)) client.Init();
        }

        [Test]
        public void AcceptsAGoodAnswer()
        {
            using (var client = fake.Client("ok"))
            {
                var app = client.Init();
                Assert.Equal("Fake App", app.Name);
                Assert.Equal("1.0.0", app.Version);
                Assert.Equal(null, app.UpdateUrl);
            }
        }

        [Test]
        public void AnswersThatMustNotBeBelievedAreRefused()
        {
            var cases = new[]
            {
                ("forged", ErrorCode.SignatureInvalid, 200),
                ("tampered", ErrorCode.SignatureInvalid, 200),
                ("unsigned", ErrorCode.SignatureInvalid, 200),
                ("unsigned-refusal", ErrorCode.AppUnknown, 401),
                ("malformed-signature", ErrorCode.SignatureInvalid, 200),
                ("stale", ErrorCode.StaleResponse, 200),
                ("future", ErrorCode.StaleResponse, 200),
                ("replayed", ErrorCode.NonceMismatch, 200),
                ("no-nonce", ErrorCode.NonceMismatch, 200),
                ("not-json", ErrorCode.UnexpectedResponse, 200),
                ("not-envelope", ErrorCode.UnexpectedResponse, 200),
            };
            foreach (var c in cases)
            {
                var scenario = c.Item1;
                var code = c.Item2;
                var status = c.Item3;
                var error = Assert.Refused<LatchkeyVerificationException>(code, () => InitUnder(scenario), status);
                Assert.Equal(LatchkeyClient.CodeName(code), error.CodeName, $"{scenario}'s code name");
            }
        }

        [Test]
        public void RefusalsCarryTheContractsMessageAndStatus()
        {
            var banned = Assert.Refused<LatchkeyRefusedException>(ErrorCode.LicenseBanned, () => InitUnder("refusal"), 403);
            Assert.Equal("License is banned", banned.Message);
            Assert.Equal("LICENSE_BANNED", banned.CodeName);
            var invalid = Assert.Refused<LatchkeyRefusedException>(ErrorCode.Validation, () => InitUnder("validation"), 400);
            Assert.Equal("username must be 3-32 characters", invalid.Message);
            Assert.Refused<LatchkeyRefusedException>(ErrorCode.ServerError, () => InitUnder("server-error"), 500);
        }

        [Test]
        public void NoAnswerIsANetworkError()
        {
            using (var client = new LatchkeyClient("http://127.0.0.1:1", "app", "key", fake.PublicKey))
            {
                Assert.Refused<LatchkeyNetworkException>(ErrorCode.Network, () => client.Init(), 0);
            }
        }

        [Test]
        public void SessionCallsNeedASession()
        {
            using (var client = fake.Client("ok"))
            {
                Assert.Refused<LatchkeyNoSessionException>(ErrorCode.NoSession, () => client.Var("motd"));
                Assert.Refused<LatchkeyNoSessionException>(ErrorCode.NoSession, () => client.Logout());
                Assert.Refused<LatchkeyNoSessionException>(ErrorCode.NoSession, () => client.CurrentSession());
                Assert.Refused<LatchkeyTicketException>(ErrorCode.TicketInvalid, () => client.VerifyTicket());
            }
        }

        [Test]
        public void SessionLifecycle()
        {
            using (var client = fake.Client("ok"))
            {
                var session = client.License("KEY-1", "machine");
                Assert.Equal("fake-session-token", session.Token);
                Assert.Equal("fake-user", session.User.Username);
                Assert.Equal(3L, session.User.Level);
                Assert.Equal(null, session.User.ExpiresAt);
                Assert.Equal(null, session.Ticket);
                Assert.Equal(DateTimeOffset.Parse("2026-01-02T00:00:00Z"), session.User.LastLoginAt.Value);
                Assert.Equal("5e0f7a34-9c2d-4b1a-8e6f-3d2c1b0a9f88", client.Check().User.UserId);
                var renewed = DateTimeOffset.Parse("2026-01-04T00:00:00Z");
                Assert.Equal(renewed, client.Heartbeat());
                Assert.Equal(renewed, client.CurrentSession().ExpiresAt);
                Assert.Equal("value of motd", client.Var("motd"));
                client.SetUserVar("theme", "dark");
                Assert.Equal("value of theme", client.UserVar("theme"));
                var variables = client.UserVars();
                Assert.Equal("a=1 b=2", string.Join(" ", variables.Select(v => $"{v.Key}={v.Value}")));
                client.DeleteUserVar("theme");
                client.Log("started");
                client.Logout();
                Assert.Refused<LatchkeyNoSessionException>(ErrorCode.NoSession, () => client.CurrentSession());
                client.UseSession("kept-token");
                Assert.Equal("kept-token", client.CurrentSession().Token);
            }
        }

        private static string Scratch(string name) => Path.Combine(Path.GetTempPath(), $"latchkey-cs-{System.Diagnostics.Process.GetCurrentProcess().Id}-{name}");

        private DownloadedFile Download(string scenario, string path, bool encrypted)
        {
            using (var client = fake.Client(scenario))
            {
                client.License("KEY-1");
                return client.DownloadFile(FileId, path, encrypted);
            }
        }

        private static void CheckContent(string path)
        {
            var bytes = File.ReadAllBytes(path);
            Assert.Equal(ContentBytes, bytes.Length, "size");
            Assert.True(bytes.Select((b, i) => b == (i * 7) % 251).All(ok => ok), "content as served");
        }

        [Test]
        public void EncryptedAndPlainDownloads()
        {
            foreach (var encrypted in new[] { true, false })
            {
                var path = Scratch(encrypted ? "encrypted.bin" : "plain.bin");
                var file = Download("file-ok", path, encrypted);
                Assert.Equal(encrypted, file.Encrypted, "encrypted");
                Assert.Equal((long)ContentBytes, file.Size);
                Assert.Equal("fake.bin", file.Name);
                Assert.Equal(FileId, file.FileId);
                Assert.Equal(64, file.Sha256.Length, "sha256 length");
                CheckContent(path);
                File.Delete(path);
            }
        }

        [Test]
        public void DownloadsThatDoNotVerifyLeaveNothing()
        {
            var cases = new[]
            {
                ("file-corrupt", true, ErrorCode.FileIntegrity),
                ("file-truncated", true, ErrorCode.FileIntegrity),
                ("file-wrong-sha", true, ErrorCode.FileIntegrity),
                ("file-wrong-sha", false, ErrorCode.FileIntegrity),
                ("file-other-key", true, ErrorCode.UnexpectedResponse),
                ("file-unencrypted", true, ErrorCode.UnexpectedResponse),
            };
            foreach (var c in cases)
            {
                var scenario = c.Item1;
                var encrypted = c.Item2;
                var code = c.Item3;
                var path = Scratch($"{scenario}-{encrypted}.bin");
                Assert.Refused<LatchkeyVerificationException>(code, () => Download(scenario, path, encrypted));
                var left = Directory.GetFiles(Path.GetDirectoryName(path), Path.GetFileName(path) + "*");
                Assert.Equal(0, left.Length, $"files left by {scenario}");
            }
            Assert.Refused<LatchkeyRefusedException>(ErrorCode.DownloadGone, () => Download("file-gone", Scratch("gone.bin"), true), 410);
        }

        [Test]
        public void DownloadsIntoMemoryAndIntoAStream()
        {
            foreach (var encrypted in new[] { true, false })
            {
                using (var client = fake.Client("file-ok"))
                {
                    client.License("KEY-1");
                    var bytes = client.DownloadBytes(FileId, out var file, encrypted);
                    Assert.Equal(ContentBytes, bytes.Length, "size in memory");
                    Assert.True(bytes.Select((b, i) => b == (i * 7) % 251).All(ok => ok), "content in memory");
                    Assert.Equal(encrypted, file.Encrypted, "encrypted");
                    Assert.Equal((long)ContentBytes, file.Size);
                }
                using (var client = fake.Client("file-ok"))
                using (var stream = new MemoryStream())
                {
                    client.License("KEY-1");
                    var file = client.DownloadFile(FileId, stream, encrypted);
                    var bytes = stream.ToArray();
                    Assert.Equal(ContentBytes, bytes.Length, "size streamed");
                    Assert.True(bytes.Select((b, i) => b == (i * 7) % 251).All(ok => ok), "content streamed");
                    Assert.Equal(FileId, file.FileId);
                }
            }
        }

        [Test]
        public void MemoryDownloadsThatDoNotVerifyHandNothingOver()
        {
            foreach (var scenario in new[] { "file-corrupt", "file-truncated", "file-wrong-sha" })
            {
                using (var client = fake.Client(scenario))
                {
                    client.License("KEY-1");
                    Assert.Refused<LatchkeyVerificationException>(ErrorCode.FileIntegrity,
                        () => client.DownloadBytes(FileId, true));
                }
            }
        }

        private sealed class FullDisk : MemoryStream
        {
            public override void Write(byte[] buffer, int offset, int count) =>
                throw new IOException("No space left on device");
        }

        [Test]
        public void AStreamThatFailsStopsTheDownloadWithItsOwnException()
        {
            using (var client = fake.Client("file-ok"))
            using (var stream = new FullDisk())
            {
                client.License("KEY-1");
                IOException thrown = null;
                try
                {
                    client.DownloadFile(FileId, stream, true);
                }
                catch (IOException err)
                {
                    thrown = err;
                }
                Assert.True(thrown != null, "the stream's exception");
                Assert.Equal("No space left on device", thrown.Message);
                // The client is still usable after the stopped download.
                Assert.Equal(ContentBytes, client.DownloadBytes(FileId, true).Length, "a later download");
            }
        }

        [Test]
        public void HeartbeatTimerReportsALostSession()
        {
            using (var client = fake.Client("heartbeat-lost"))
            using (var lost = new ManualResetEventSlim())
            {
                client.License("KEY-1");
                LatchkeyException reported = null;
                var timer = client.StartHeartbeat(TimeSpan.FromMilliseconds(20), error =>
                {
                    reported = error;
                    lost.Set();
                });
                // Waits for the callback itself, however long the machine takes (the runner has no timeout to beat).
                lost.Wait();
                timer.Dispose();
                Assert.True(reported is LatchkeyRefusedException, "a refusal");
                Assert.Equal(ErrorCode.InvalidSession, reported.Code);
                Assert.Equal(401, reported.Status);
                Assert.Equal("Invalid or expired session", reported.Message);
            }
        }

        [Test]
        public void HeartbeatTimerStopsOnRequestAndWithItsClient()
        {
            var client = fake.Client("ok");
            client.License("KEY-1");
            client.StartHeartbeat(TimeSpan.FromMinutes(1)).Dispose();
            var left = client.StartHeartbeat(TimeSpan.FromMilliseconds(5), onError: _ => { });
            client.Dispose(); // stops `left` first
            left.Dispose(); // a second stop is harmless
            Assert.Throws<ObjectDisposedException>(() => client.Init());
            Assert.Throws<ObjectDisposedException>(() => client.StartHeartbeat(TimeSpan.Zero));
        }

        [Test]
        public void ThreadsShareAClient()
        {
            using (var client = fake.Client("ok"))
            {
                var workers = Enumerable.Range(0, 4).Select(_ => Task.Run(() =>
                {
                    for (var i = 0; i < 25; i++) client.Init();
                })).ToArray();
                Task.WaitAll(workers);
            }
        }
    }
}
