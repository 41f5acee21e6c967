// End to end against a real Latchkey started by scripts/with-live-service.mjs (its LATCHKEY_*
// variables and fixtures): the client's calls, the service's refusals as typed exceptions with
// liblatchkey's codes, and the example program as a vendor would ship it. Skipped without LATCHKEY_URL.
using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading;

namespace Latchkey.Tests
{
    internal sealed class LiveTests : Suite
    {
        private static string Env(string name) => Environment.GetEnvironmentVariable(name) ?? "";

        public override string Skip() => Env("LATCHKEY_URL") == "" ? "no LATCHKEY_URL: run through scripts/with-live-service.mjs" : null;

        /// <summary>A new unused license key at <paramref name="level"/>, made by the owner through the admin API.</summary>
        private static string MakeKey(int level)
        {
            using (var web = new WebClient())
            {
                web.Headers[HttpRequestHeader.ContentType] = "application/json";
                web.Headers[HttpRequestHeader.Authorization] = $"Bearer {Env("LATCHKEY_OWNER_TOKEN")}";
                var answer = web.UploadString($"{Env("LATCHKEY_URL")}/v1/admin/apps/{Env("LATCHKEY_APP_ID")}/licenses",
                    $"{{\"count\":1,\"durationType\":\"30d\",\"level\":{level}}}");
                var key = Regex.Match(answer, "\"key\":\"([^\"]+)\"");
                Assert.True(key.Success, $"a key in {answer}");
                return key.Groups[1].Value;
            }
        }

        private static LatchkeyClient NewClient(string publicKey = null) =>
            new LatchkeyClient(Env("LATCHKEY_URL"), Env("LATCHKEY_APP_ID"), Env("LATCHKEY_API_KEY"), publicKey ?? Env("LATCHKEY_PUBLIC_KEY"));

        private static string Sha256(string path)
        {
            using (var sha = SHA256.Create())
            using (var file = File.OpenRead(path))
            {
                return string.Concat(sha.ComputeHash(file).Select(b => b.ToString("x2")));
            }
        }

        [Test]
        public void LicenseSessionAndCalls()
        {
            var key = MakeKey(1);
            using (var client = NewClient())
            {
                Assert.Equal("SDK live tests", client.Init().Name);
                var session = client.License(key, "cs-live-machine");
                Assert.Equal(1L, session.User.Level);
                Assert.True(session.User.ExpiresAt > DateTimeOffset.UtcNow, "expires in the future");
                Assert.Equal("cs-live-machine", session.User.Hwid);
                Assert.True(session.Ticket != null, "an offline ticket");
                var claims = client.VerifyTicket(null, "cs-live-machine");
                Assert.Equal(Env("LATCHKEY_APP_ID"), claims.Issuer);
                Assert.Equal(session.User.UserId, claims.Subject);
                Assert.True(claims.ExpiresAt > DateTimeOffset.UtcNow && claims.Level == 1, "claims");
                Assert.Refused<LatchkeyTicketException>(ErrorCode.TicketInvalid, () => client.VerifyTicket(null, "another-machine"));

                Assert.Equal("hello from latchkey", client.Var("motd"));
                var insufficient = Assert.Refused<LatchkeyRefusedException>(ErrorCode.InsufficientLevel, () => client.Var("vip"), 403);
                Assert.Equal("Insufficient level", insufficient.Message);
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.VariableNotFound, () => client.Var("nothing-here"), 404);

                client.SetUserVar("theme", "dark");
                client.SetUserVar("lang", "fr");
                client.SetUserVar("theme", "light");
                Assert.Equal("light", client.UserVar("theme"));
                Assert.Equal("lang=fr theme=light", string.Join(" ", client.UserVars().Select(v => $"{v.Key}={v.Value}")));
                client.DeleteUserVar("lang");
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.VariableNotFound, () => client.UserVar("lang"));
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.Validation, () => client.SetUserVar("bad key!", "x"), 400);
                client.SetUserVar("note", "ünïcødé ✓");
                Assert.Equal("ünïcødé ✓", client.UserVar("note"));

                client.Log("C# live test");
                Assert.True(client.Check().Ticket != null, "check refreshes the ticket");
                Assert.True(client.Heartbeat() > DateTimeOffset.UtcNow, "heartbeat extends the session");
                client.Logout();
                Assert.Refused<LatchkeyNoSessionException>(ErrorCode.NoSession, () => client.Var("motd"));
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.HwidMismatch, () => client.License(key, "another-machine"));
                var unknown = Assert.Refused<LatchkeyRefusedException>(ErrorCode.LicenseNotFound, () => client.License("NOPE1-NOPE2-NOPE3-NOPE4"), 404);
                Assert.Equal("License key not found", unknown.Message);
            }
        }

        [Test]
        public void KeptSessionContinuesInANewClient()
        {
            var key = MakeKey(1);
            Session first;
            using (var client = NewClient()) first = client.License(key, "cs-kept-machine");
            using (var later = NewClient())
            {
                later.UseSession(first.Token, first.Ticket);
                Assert.Equal(first.User.UserId, later.Check().User.UserId);
                Assert.Equal("hello from latchkey", later.Var("motd"));
                later.Logout();
                later.UseSession(first.Token);
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.InvalidSession, () => later.Check(), 401);
            }
        }

        [Test]
        public void HeartbeatTimerKeepsTheSessionThenReportsItsEnd()
        {
            var key = MakeKey(1);
            using (var client = NewClient())
            using (var other = NewClient())
            using (var lost = new ManualResetEventSlim())
            {
                var session = client.License(key);
                LatchkeyException reported = null;
                using (client.StartHeartbeat(TimeSpan.FromMilliseconds(50), e => { reported = e; lost.Set(); }))
                {
                    // Ends the session from another client: the next heartbeat is refused with 401.
                    other.UseSession(session.Token);
                    other.Logout();
                    lost.Wait();
                }
                Assert.Equal(ErrorCode.InvalidSession, reported.Code);
                Assert.Equal(401, reported.Status);
            }
        }

        [Test]
        public void Downloads()
        {
            var key = MakeKey(1);
            using (var client = NewClient())
            {
                client.License(key);
                foreach (var encrypted in new[] { true, false })
                {
                    var path = Path.Combine(Path.GetTempPath(), $"latchkey-cs-live-{Process.GetCurrentProcess().Id}-{encrypted}.bin");
                    var file = client.DownloadFile(Env("LATCHKEY_FILE_ID"), path, encrypted);
                    Assert.Equal(encrypted, file.Encrypted, "encrypted");
                    Assert.Equal(Env("LATCHKEY_FILE_SHA256"), file.Sha256);
                    Assert.Equal("payload.bin", file.Name);
                    Assert.Equal(Env("LATCHKEY_FILE_SHA256"), Sha256(path), "sha256 of the file written");
                    Assert.Equal(long.Parse(Env("LATCHKEY_FILE_SIZE")), new FileInfo(path).Length, "size");
                    Assert.Equal(file.Size, new FileInfo(path).Length, "size as signed");
                    File.Delete(path);
                }
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.InsufficientLevel, () => client.DownloadFile(Env("LATCHKEY_VIP_FILE_ID"), Path.Combine(Path.GetTempPath(), "latchkey-cs-vip.bin")));
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.FileNotFound, () => client.DownloadFile("00000000-0000-4000-8000-000000000000", Path.Combine(Path.GetTempPath(), "latchkey-cs-none.bin")));
            }
        }

        [Test]
        public void Accounts()
        {
            var registerKey = MakeKey(1);
            var upgradeKey = MakeKey(5);
            using (var client = NewClient())
            {
                Assert.Equal("cs_live_user", client.Register("cs_live_user", "cs live password", registerKey).User.Username);
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.LicenseUsed, () => client.Register("cs_live_other", "cs live password", registerKey), 409);
                Assert.Refused<LatchkeyRefusedException>(ErrorCode.InvalidUserLogin, () => client.Login("CS_LIVE_USER", "wrong password"), 401);
                Assert.Equal(5L, client.Upgrade("cs_live_user", "cs live password", upgradeKey).Level);
                Assert.Equal(5L, client.Login("CS_LIVE_USER", "cs live password").User.Level);
                Assert.Equal("for level 5", client.Var("vip"));
                client.Logout();
            }
        }

        [Test]
        public void AnswersUnderAnotherKeyAreRefused()
        {
            // The protocol vectors' public key: a valid key, but not this app's.
            using (var client = NewClient("11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="))
            {
                Assert.Refused<LatchkeyVerificationException>(ErrorCode.SignatureInvalid, () => client.Init());
            }
        }

        /// <summary>The example CLI (LATCHKEY_CSHARP_CLI, run with this runtime); its exit status, stdout and stderr.</summary>
        private static (int, string, string) RunCli(string arguments)
        {
            var cli = Env("LATCHKEY_CSHARP_CLI");
            var mono = Type.GetType("Mono.Runtime") != null;
            var start = new ProcessStartInfo(mono ? "mono" : cli, mono ? $"\"{cli}\" {arguments}" : arguments)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            using (var process = Process.Start(start))
            {
                var stderr = process.StandardError.ReadToEndAsync();
                var stdout = process.StandardOutput.ReadToEnd();
                process.WaitForExit();
                return (process.ExitCode, stdout, stderr.Result);
            }
        }

        [Test]
        public void ExampleProgram()
        {
            Assert.True(File.Exists(Env("LATCHKEY_CSHARP_CLI")), "LATCHKEY_CSHARP_CLI names the built example");
            var key = MakeKey(3);
            var output = Path.Combine(Path.GetTempPath(), $"latchkey-cs-cli-{Process.GetCurrentProcess().Id}.bin");
            var run = RunCli($"--key {key} --var motd --file {Env("LATCHKEY_FILE_ID")} --out \"{output}\" --hwid cs-cli-machine");
            Assert.Equal(0, run.Item1, $"exit status ({run.Item3})");
            Assert.True(run.Item2.StartsWith("level: 3\nexpires: 20", StringComparison.Ordinal), $"output starts with level and expiry: {run.Item2}");
            Assert.True(run.Item2.Contains("\noffline until: 20"), "offline until");
            Assert.True(run.Item2.Contains("\nmotd: hello from latchkey\n"), "variable");
            var downloaded = $"\ndownloaded: payload.bin ({Env("LATCHKEY_FILE_SIZE")} bytes, sha256 {Env("LATCHKEY_FILE_SHA256")}) to {output}\n";
            Assert.True(run.Item2.Contains(downloaded), $"download line in {run.Item2}");
            Assert.Equal(Env("LATCHKEY_FILE_SHA256"), Sha256(output), "downloaded file");
            File.Delete(output);

            run = RunCli("--key NOPE1-NOPE2-NOPE3-NOPE4 --hwid cs-cli-machine");
            Assert.Equal(1, run.Item1, "exit status of a refusal");
            Assert.Equal("error LICENSE_NOT_FOUND: License key not found\n", run.Item3);
            run = RunCli("--var motd");
            Assert.Equal(2, run.Item1, "exit status of bad usage");
            Assert.True(run.Item3.StartsWith("usage: ", StringComparison.Ordinal), "usage");
        }
    }
}
