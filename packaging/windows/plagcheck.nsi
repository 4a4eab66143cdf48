; plagcheck's Windows installer (NSIS 3): PyInstaller's dist\plagcheck folder into the
; user's own programs folder (no administrator needed), a Start-menu shortcut, and an
; entry in Settings -> Apps to uninstall it. build.ps1 runs it:
;   makensis /DVERSION=0.1.0 packaging\windows\plagcheck.nsi
; SOURCE (the bundle's folder) and OUTFILE may be given the same way; paths are
; relative to this file. Compiled in tests/test_installers.py over a small fake folder.

Unicode true
!ifndef VERSION
  !error "give the version: makensis /DVERSION=X.Y.Z plagcheck.nsi"
!endif
!ifndef SOURCE
  !define SOURCE "..\..\dist\plagcheck"
!endif
!ifndef OUTFILE
  !define OUTFILE "..\..\dist\plagcheck-${VERSION}-setup.exe"
!endif
!define ICON "..\..\app\icons\plagcheck.ico"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\plagcheck"

Name "plagcheck"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\plagcheck"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "plagcheck"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "plagcheck installer"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!include "MUI2.nsh"
!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\plagcheck-gui.exe"
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

Section "plagcheck" SecMain
  SetShellVarContext current
  ; a reinstall replaces the bundle's files, never leaving an older version's behind
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${SOURCE}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  ; where plagcheck-gui --install-shortcut puts it too (app/shortcut/windows.py):
  ; the app sees its entry and does not offer another
  CreateShortcut "$SMPROGRAMS\plagcheck.lnk" "$INSTDIR\plagcheck-gui.exe" "" \
    "$INSTDIR\plagcheck-gui.exe" 0 SW_SHOWNORMAL "" \
    "Find copied work in a folder of students' submissions"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "plagcheck"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "plagcheck"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\plagcheck-gui.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\plagcheck.lnk"
  ; only what the installer put there: a folder the teacher chose keeps their own files
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\plagcheck-gui.exe"
  Delete "$INSTDIR\plagcheck.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
