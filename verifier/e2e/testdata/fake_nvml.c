/*
 * A tiny fake libnvidia-ml.so.1 for gpuverify's end-to-end test: one
 * A100-SXM4-80GB on driver 470.82.01, compiled by the test with gcc against
 * go-nvml's own nvml.h, so every struct has the layout the binary expects.
 *
 * It exports only getters, and deliberately NOT the functions newer than
 * R470 that gpuverify guards with a symbol lookup:
 *   nvmlDeviceGetMemoryInfo_v2             (R510)
 *   nvmlDeviceGetGpuMaxPcieLinkGeneration  (R510)
 *   nvmlDeviceGetCurrentClocksEventReasons (R535; the older
 *                                           ...ThrottleReasons is here)
 * Calling any of them would end the process with "symbol lookup error".
 *
 * Environment:
 *   FAKE_NVML_INIT=<n>  nvmlInit_v2 returns n (9 = ERROR_DRIVER_NOT_LOADED)
 *   FAKE_NVML_LOST=1    every device call returns ERROR_GPU_IS_LOST
 *   FAKE_NVML_HW_SLOWDOWN=1  the throttle reasons include HW slowdown
 *   FAKE_NVML_LOG=path  append the name of every function called
 *   FAKE_NVML_HANG=1    nvmlDeviceGetCount_v2 never returns, as a driver
 *                       stuck on an Xid error does
 */
#define NVML_NO_UNVERSIONED_FUNC_DEFS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "nvml.h"

struct nvmlDevice_st { int index; };
static struct nvmlDevice_st gpu0 = { 0 };

static void called(const char *name) {
	const char *path = getenv("FAKE_NVML_LOG");
	if (path == NULL) return;
	FILE *f = fopen(path, "a");
	if (f == NULL) return;
	fprintf(f, "%s\n", name);
	fclose(f);
}

static int flag(const char *name) {
	const char *v = getenv(name);
	return v != NULL && strcmp(v, "1") == 0;
}

/* device guards every device call: a lost GPU answers nothing. */
#define DEVICE(name) \
	called(name); \
	if (flag("FAKE_NVML_LOST")) return NVML_ERROR_GPU_IS_LOST; \
	if (device.handle != &gpu0) return NVML_ERROR_INVALID_ARGUMENT

static nvmlReturn_t copy_string(char *dst, unsigned int length, const char *src) {
	if (strlen(src) + 1 > length) return NVML_ERROR_INSUFFICIENT_SIZE;
	strcpy(dst, src);
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlInit_v2(void) {
	called("nvmlInit_v2");
	const char *v = getenv("FAKE_NVML_INIT");
	return v == NULL ? NVML_SUCCESS : (nvmlReturn_t)atoi(v);
}

nvmlReturn_t nvmlShutdown(void) { called("nvmlShutdown"); return NVML_SUCCESS; }

const char *nvmlErrorString(nvmlReturn_t result) {
	called("nvmlErrorString");
	return result == NVML_SUCCESS ? "Success" : "Fake error";
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) {
	called("nvmlSystemGetDriverVersion");
	return copy_string(version, length, "470.82.01");
}

nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length) {
	called("nvmlSystemGetNVMLVersion");
	return copy_string(version, length, "11.470.82.01");
}

nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *v) {
	called("nvmlSystemGetCudaDriverVersion");
	*v = 11040;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *n) {
	called("nvmlDeviceGetCount_v2");
	while (flag("FAKE_NVML_HANG")) sleep(1);
	*n = 1;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
	called("nvmlDeviceGetHandleByIndex_v2");
	if (index != 0) return NVML_ERROR_INVALID_ARGUMENT;
	device->handle = &gpu0;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length) {
	DEVICE("nvmlDeviceGetName");
	return copy_string(name, length, "NVIDIA A100-SXM4-80GB");
}

nvmlReturn_t nvmlDeviceGetBrand(nvmlDevice_t device, nvmlBrandType_t *type) {
	DEVICE("nvmlDeviceGetBrand");
	*type = NVML_BRAND_NVIDIA;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetArchitecture(nvmlDevice_t device, nvmlDeviceArchitecture_t *arch) {
	DEVICE("nvmlDeviceGetArchitecture");
	*arch = NVML_DEVICE_ARCH_AMPERE;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length) {
	DEVICE("nvmlDeviceGetUUID");
	return copy_string(uuid, length, "GPU-fa4e0000-0000-0000-0000-000000000001");
}

nvmlReturn_t nvmlDeviceGetSerial(nvmlDevice_t device, char *serial, unsigned int length) {
	DEVICE("nvmlDeviceGetSerial");
	return copy_string(serial, length, "1561221000001");
}

nvmlReturn_t nvmlDeviceGetBoardPartNumber(nvmlDevice_t device, char *part, unsigned int length) {
	DEVICE("nvmlDeviceGetBoardPartNumber");
	return copy_string(part, length, "692-2G506-0212-002");
}

nvmlReturn_t nvmlDeviceGetVbiosVersion(nvmlDevice_t device, char *version, unsigned int length) {
	DEVICE("nvmlDeviceGetVbiosVersion");
	return copy_string(version, length, "92.00.45.00.06");
}

nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci) {
	DEVICE("nvmlDeviceGetPciInfo_v3");
	memset(pci, 0, sizeof *pci);
	strcpy(pci->busIdLegacy, "0000:07:00.0");
	strcpy(pci->busId, "00000000:07:00.0");
	pci->bus = 7;
	pci->pciDeviceId = 0x20B210DE;
	pci->pciSubSystemId = 0x147E10DE;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory) {
	DEVICE("nvmlDeviceGetMemoryInfo");
	memory->total = 81920ULL << 20;
	memory->used = 1ULL << 20;
	memory->free = memory->total - memory->used;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetEccMode(nvmlDevice_t device, nvmlEnableState_t *current, nvmlEnableState_t *pending) {
	DEVICE("nvmlDeviceGetEccMode");
	*current = NVML_FEATURE_ENABLED;
	*pending = NVML_FEATURE_ENABLED;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTotalEccErrors(nvmlDevice_t device, nvmlMemoryErrorType_t errorType, nvmlEccCounterType_t counterType, unsigned long long *count) {
	DEVICE("nvmlDeviceGetTotalEccErrors");
	*count = 0;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetRetiredPages(nvmlDevice_t device, nvmlPageRetirementCause_t cause, unsigned int *pageCount, unsigned long long *addresses) {
	DEVICE("nvmlDeviceGetRetiredPages");
	return NVML_ERROR_NOT_SUPPORTED; /* Ampere remaps rows instead */
}

nvmlReturn_t nvmlDeviceGetRetiredPagesPendingStatus(nvmlDevice_t device, nvmlEnableState_t *pending) {
	DEVICE("nvmlDeviceGetRetiredPagesPendingStatus");
	return NVML_ERROR_NOT_SUPPORTED;
}

nvmlReturn_t nvmlDeviceGetRemappedRows(nvmlDevice_t device, unsigned int *corrRows, unsigned int *uncRows, unsigned int *isPending, unsigned int *failureOccurred) {
	DEVICE("nvmlDeviceGetRemappedRows");
	*corrRows = 0;
	*uncRows = 0;
	*isPending = 0;
	*failureOccurred = 0;
	return NVML_SUCCESS;
}

#define UINT_GETTER(fn, value) \
	nvmlReturn_t fn(nvmlDevice_t device, unsigned int *out) { DEVICE(#fn); *out = (value); return NVML_SUCCESS; }

UINT_GETTER(nvmlDeviceGetCurrPcieLinkGeneration, 4)
UINT_GETTER(nvmlDeviceGetMaxPcieLinkGeneration, 4)
UINT_GETTER(nvmlDeviceGetCurrPcieLinkWidth, 16)
UINT_GETTER(nvmlDeviceGetMaxPcieLinkWidth, 16)
UINT_GETTER(nvmlDeviceGetPcieReplayCounter, 0)
UINT_GETTER(nvmlDeviceGetPowerManagementDefaultLimit, 400000)
UINT_GETTER(nvmlDeviceGetEnforcedPowerLimit, 400000)
UINT_GETTER(nvmlDeviceGetPowerUsage, 61234)

nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *clock) {
	DEVICE("nvmlDeviceGetMaxClockInfo");
	*clock = type == NVML_CLOCK_SM ? 1410 : 1593;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *clock) {
	DEVICE("nvmlDeviceGetClockInfo");
	*clock = type == NVML_CLOCK_SM ? 210 : 1593;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device, unsigned long long *reasons) {
	DEVICE("nvmlDeviceGetCurrentClocksThrottleReasons");
	*reasons = flag("FAKE_NVML_HW_SLOWDOWN") ? 0x8ULL : 0x1ULL; /* HW slowdown, or GPU idle */
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPersistenceMode(nvmlDevice_t device, nvmlEnableState_t *mode) {
	DEVICE("nvmlDeviceGetPersistenceMode");
	*mode = NVML_FEATURE_ENABLED;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetComputeMode(nvmlDevice_t device, nvmlComputeMode_t *mode) {
	DEVICE("nvmlDeviceGetComputeMode");
	*mode = NVML_COMPUTEMODE_DEFAULT;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMigMode(nvmlDevice_t device, unsigned int *current, unsigned int *pending) {
	DEVICE("nvmlDeviceGetMigMode");
	*current = NVML_DEVICE_MIG_DISABLE;
	*pending = NVML_DEVICE_MIG_DISABLE;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetVirtualizationMode(nvmlDevice_t device, nvmlGpuVirtualizationMode_t *mode) {
	DEVICE("nvmlDeviceGetVirtualizationMode");
	*mode = NVML_GPU_VIRTUALIZATION_MODE_NONE;
	return NVML_SUCCESS;
}

/* Twelve NVLink 3 links, all to NVSwitches (an HGX A100 board). */
nvmlReturn_t nvmlDeviceGetNvLinkState(nvmlDevice_t device, unsigned int link, nvmlEnableState_t *active) {
	DEVICE("nvmlDeviceGetNvLinkState");
	if (link >= 12) return NVML_ERROR_INVALID_ARGUMENT;
	*active = NVML_FEATURE_ENABLED;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNvLinkVersion(nvmlDevice_t device, unsigned int link, unsigned int *version) {
	DEVICE("nvmlDeviceGetNvLinkVersion");
	*version = NVML_NVLINK_VERSION_3_0;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNvLinkRemoteDeviceType(nvmlDevice_t device, unsigned int link, nvmlIntNvLinkDeviceType_t *type) {
	DEVICE("nvmlDeviceGetNvLinkRemoteDeviceType");
	*type = NVML_NVLINK_DEVICE_TYPE_SWITCH;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensor, unsigned int *temp) {
	DEVICE("nvmlDeviceGetTemperature");
	*temp = 33;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *util) {
	DEVICE("nvmlDeviceGetUtilizationRates");
	util->gpu = 42;
	util->memory = 7;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNumaNodeId(nvmlDevice_t device, unsigned int *node) {
	DEVICE("nvmlDeviceGetNumaNodeId");
	*node = 0;
	return NVML_SUCCESS;
}
