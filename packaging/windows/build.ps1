# plagcheck on Windows in one command: the bundle (dist\plagcheck), its self-test, and the
# installer dist\plagcheck-VERSION-setup.exe (plagcheck.nsi), signed when a certificate is
# named. Run from anywhere, in Windows PowerShell 5.1 or PowerShell 7:
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1 [-Sign "certificate subject"]
# Needs: Python 3.11 (python.org's, with the py launcher), NSIS 3 (makensis on PATH or in
# its default folder), and for -Sign the Windows SDK's signtool with the certificate.
param(
    [string]$Python = "3.11",
    [string]$Sign = "",
    [string]$TimestampUrl = "http://timestamp.digicert.com"
)
$ErrorActionPreference = "Stop"
Set-Location (Resolve-Path (Join-Path $PSScriptRoot "..\.."))

function Invoke-Checked([string]$Program, [string[]]$Arguments) {
    & $Program @Arguments
    if ($LASTEXITCODE -ne 0) { throw "$Program $Arguments failed ($LASTEXITCODE)" }
}

function Set-Signature([string[]]$Files) {
    if ($Sign -eq "") { return }
    Invoke-Checked "signtool" (@("sign", "/n", $Sign, "/fd", "SHA256", "/tr", $TimestampUrl,
                                 "/td", "SHA256") + $Files)
}

if (-not (Test-Path ".venv\Scripts\python.exe")) { Invoke-Checked "py" @("-$Python", "-m", "venv", ".venv") }
Invoke-Checked ".venv\Scripts\python.exe" @("-m", "pip", "install", "--quiet", "-e", ".[dev]")
Invoke-Checked ".venv\Scripts\pyinstaller.exe" @("--noconfirm", "--clean", "--distpath", "dist",
    "--workpath", "build\pyinstaller", "packaging\plagcheck.spec")

# plagcheck-gui.exe has no console: wait for it and read its exit code
$test = Start-Process -FilePath "dist\plagcheck\plagcheck-gui.exe" -ArgumentList "--self-test", "build\self-test" `
    -Wait -PassThru -NoNewWindow
if ($test.ExitCode -ne 0) { throw "the bundle's self-test failed: see build\self-test and %LOCALAPPDATA%\plagcheck\Logs" }
Set-Signature @("dist\plagcheck\plagcheck-gui.exe", "dist\plagcheck\plagcheck.exe")

$version = (& ".venv\Scripts\python.exe" -c "from simhash_core.version import version; print(version())").Trim()
$makensis = (Get-Command "makensis" -ErrorAction SilentlyContinue).Source
if (-not $makensis) { $makensis = Join-Path ${env:ProgramFiles(x86)} "NSIS\makensis.exe" }
Invoke-Checked $makensis @("/WX", "/DVERSION=$version", "packaging\windows\plagcheck.nsi")
Set-Signature @("dist\plagcheck-$version-setup.exe")
Write-Output "dist\plagcheck-$version-setup.exe"
