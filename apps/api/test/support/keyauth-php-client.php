<?php
// What KeyAuth's official PHP client sends, from Debian's php-cli: each call's
// fields posted as a PHP array with curl (so `multipart/form-data`), every
// answer's Ed25519 signature checked with sodium over timestamp + body, as that
// client checks it. Run by keyauth-php.e2e-spec.ts; prints one JSON line per call.
// Environment: KA_URL, KA_NAME, KA_OWNERID, KA_PUBLIC_KEY_HEX, KA_KEY.

function call(array $fields): array
{
    $curl = curl_init(getenv('KA_URL'));
    curl_setopt($curl, CURLOPT_USERAGENT, 'KeyAuth');
    curl_setopt($curl, CURLOPT_RETURNTRANSFER, true);
    curl_setopt($curl, CURLOPT_HEADER, true);
    curl_setopt($curl, CURLOPT_POST, 1);
    curl_setopt($curl, CURLOPT_POSTFIELDS, $fields);
    $response = curl_exec($curl);
    $headerSize = curl_getinfo($curl, CURLINFO_HEADER_SIZE);
    $status = curl_getinfo($curl, CURLINFO_HTTP_CODE);
    $headers = [];
    foreach (explode("\r\n", substr($response, 0, $headerSize)) as $line) {
        $parts = explode(': ', $line, 2);
        if (isset($parts[1])) $headers[strtolower(trim($parts[0]))] = trim($parts[1]);
    }
    $body = substr($response, $headerSize);
    $verified = false;
    if (isset($headers['x-signature-ed25519'], $headers['x-signature-timestamp'])) {
        $verified = sodium_crypto_sign_verify_detached(
            sodium_hex2bin($headers['x-signature-ed25519']),
            $headers['x-signature-timestamp'] . $body,
            sodium_hex2bin(getenv('KA_PUBLIC_KEY_HEX'))
        );
    }
    return [
        'type' => $fields['type'],
        'status' => $status,
        'contentType' => $headers['content-type'] ?? null,
        'verified' => $verified,
        'answer' => json_decode($body, true) ?? $body,
    ];
}

$app = ['name' => getenv('KA_NAME'), 'ownerid' => getenv('KA_OWNERID')];
$init = call(['type' => 'init'] + $app);
echo json_encode($init), "\n";
$session = $app + ['sessionid' => $init['answer']['sessionid'] ?? ''];
$calls = [
    ['type' => 'license', 'key' => getenv('KA_KEY')],
    ['type' => 'var', 'varid' => 'motd'],
    ['type' => 'setvar', 'var' => 'color', 'data' => 'blue'],
    ['type' => 'getvar', 'var' => 'color'],
    ['type' => 'check'],
    ['type' => 'log', 'pcuser' => 'php-host', 'message' => 'hello from php'],
    ['type' => 'logout'],
    ['type' => 'check'],
];
foreach ($calls as $fields) echo json_encode(call($fields + $session)), "\n";
